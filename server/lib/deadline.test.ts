import { describe, expect, it } from 'vitest';
import { deadline } from './deadline';

describe('deadline', () => {
  it('aborts with a TimeoutError once the time is up', async () => {
    const { signal } = deadline(20);
    await new Promise((resolve) => signal.addEventListener('abort', resolve));
    expect((signal.reason as Error).name).toBe('TimeoutError');
  });

  it('follows the caller’s signal, and stops both once cleared', async () => {
    const caller = new AbortController();
    const followed = deadline(10_000, caller.signal);
    caller.abort(new Error('cancelled'));
    expect(followed.signal.aborted).toBe(true);
    expect((followed.signal.reason as Error).message).toBe('cancelled');

    const other = new AbortController();
    const cleared = deadline(20, other.signal);
    cleared.clear();
    other.abort();
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(cleared.signal.aborted).toBe(false);
  });
});
