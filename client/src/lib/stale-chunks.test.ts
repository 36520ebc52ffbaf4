import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  isChunkLoadError,
  mayReloadForStaleChunk,
  reloadForStaleChunk,
  STALE_CHUNK_RELOAD_WINDOW_MS,
} from './stale-chunks';

afterEach(() => window.sessionStorage.clear());

describe('isChunkLoadError', () => {
  it.each([
    'Failed to fetch dynamically imported module: https://example.test/assets/a-1.js',
    'error loading dynamically imported module: https://example.test/assets/a-1.js',
    'Importing a module script failed.',
    'Unable to preload CSS for /assets/a-1.css',
  ])('knows a missing chunk in any browser: %s', (message) => {
    expect(isChunkLoadError(new TypeError(message))).toBe(true);
  });

  it('leaves every other error to the error screen', () => {
    expect(
      isChunkLoadError(new TypeError("Cannot read properties of undefined (reading 'id')")),
    ).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
  });
});

describe('the automatic reload', () => {
  it('happens once, and again only after the window has passed', () => {
    const reload = vi.fn();
    const start = 1_700_000_000_000;
    expect(mayReloadForStaleChunk(start)).toBe(true);
    reloadForStaleChunk(reload, start);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(mayReloadForStaleChunk(start + 5_000)).toBe(false);
    expect(mayReloadForStaleChunk(start + STALE_CHUNK_RELOAD_WINDOW_MS + 1)).toBe(true);
  });
});
