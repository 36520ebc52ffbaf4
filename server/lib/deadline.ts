/**
 * A signal that aborts with a TimeoutError after `ms`, or as soon as `signal` aborts.
 *
 * Node 20 can garbage-collect an `AbortSignal.timeout()` that only an `AbortSignal.any()`
 * refers to, and then it never fires: a request to a server that never answers hangs for
 * good. Here a plain timer holds the controller, so the deadline always fires. Call
 * `clear()` once the work (including reading the body) is over.
 */
export function deadline(ms: number, signal?: AbortSignal) {
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new DOMException('The operation timed out.', 'TimeoutError')),
    ms,
  );
  const follow = () => controller.abort(signal?.reason);
  if (signal?.aborted) follow();
  else signal?.addEventListener('abort', follow, { once: true });
  return {
    signal: controller.signal,
    clear() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', follow);
    },
  };
}
