/**
 * A deploy replaces the hashed chunks: a tab opened before it asks for files that no longer
 * exist, and every browser says so in its own words. Such a failure is fixed by loading the
 * page again, once: the reload is remembered in this tab's sessionStorage so that a chunk that
 * stays missing shows the error screen instead of reloading forever.
 */
const CHUNK_LOAD_FAILURE =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i;

const RELOADED_AT_KEY = 'stale-chunk-reload-at';

/**
 * How long after an automatic reload a new chunk failure counts as the same one. Long enough
 * for a slow reload to fail again; short enough that the next deploy, hours later, reloads too.
 */
export const STALE_CHUNK_RELOAD_WINDOW_MS = 60_000;

/** Whether an error is a dynamic import (a lazy chunk, or its CSS) that could not be fetched. */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return CHUNK_LOAD_FAILURE.test(error.message) || CHUNK_LOAD_FAILURE.test(String(error.cause));
}

/**
 * Whether a chunk failure may reload the page by itself: not when it already did so a moment
 * ago, nor when sessionStorage cannot remember that it did (no reload beats a reload loop).
 */
export function mayReloadForStaleChunk(now = Date.now()): boolean {
  try {
    const at = Number(window.sessionStorage.getItem(RELOADED_AT_KEY));
    return !(at > 0 && now - at < STALE_CHUNK_RELOAD_WINDOW_MS);
  } catch {
    return false;
  }
}

/** Remembers the reload, then reloads (`reload` is the browser's unless a test passes one). */
export function reloadForStaleChunk(reload: () => void = reloadPage, now = Date.now()): void {
  try {
    window.sessionStorage.setItem(RELOADED_AT_KEY, String(now));
  } catch {
    return;
  }
  reload();
}

let reloadUnderWay = false;

export function reloadPage(): void {
  reloadUnderWay = true;
  window.location.reload();
}

/** Whether this page is being reloaded: an error boundary then waits instead of explaining. */
export function isReloadUnderWay(): boolean {
  return reloadUnderWay;
}

/**
 * Vite fires `vite:preloadError` when a dynamic import fails, also one outside React that no
 * error boundary sees: the page reloads once. The error still reaches the code that imported
 * (its default is not prevented): the import would otherwise resolve to undefined, and a
 * component would fail on that instead.
 */
export function reloadOnStalePreload(): void {
  window.addEventListener('vite:preloadError', () => {
    if (mayReloadForStaleChunk()) reloadForStaleChunk();
  });
}
