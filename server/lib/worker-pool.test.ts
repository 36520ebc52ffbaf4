import { afterEach, describe, expect, it } from 'vitest';
import type { BusyTask } from '@tests/support/busy-worker';
import { WorkerTaskError, createWorkerPool, type WorkerPool } from './worker-pool';

const busyWorker = new URL('../../tests/support/busy-worker.ts', import.meta.url);
const pools: WorkerPool<BusyTask, number>[] = [];
function pool(options: { size?: number; deadlineMs?: number } = {}) {
  const created = createWorkerPool<BusyTask, number>({
    url: busyWorker,
    resourceLimits: { maxOldGenerationSizeMb: 64, maxYoungGenerationSizeMb: 16 },
    ...options,
  });
  pools.push(created);
  return created;
}
afterEach(async () => {
  await Promise.all(pools.splice(0).map((created) => created.close()));
});

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => 'answered',
    (error: unknown) => (error instanceof WorkerTaskError ? error.failure : String(error)),
  );

describe('worker pool', () => {
  it('answers tasks in a worker thread, and passes a thrown error back', async () => {
    const workers = pool({ size: 2 });
    const answers = await Promise.all(
      [1, 2, 3, 4, 5].map((n) => workers.run({ kind: 'double', n })),
    );
    expect(answers).toEqual([2, 4, 6, 8, 10]);
    await expect(workers.run({ kind: 'throw', message: 'bad page' })).rejects.toThrow('bad page');
    expect(await workers.run({ kind: 'double', n: 21 })).toBe(42);
  });

  it('terminates a task that never ends at the deadline; the tasks queued behind it are answered', async () => {
    const workers = pool({ size: 1, deadlineMs: 300 });
    const spin = workers.run({ kind: 'spin' });
    const queued = [workers.run({ kind: 'double', n: 1 }), workers.run({ kind: 'double', n: 2 })];
    expect(await failure(spin)).toBe('deadline');
    expect(await Promise.all(queued)).toEqual([2, 4]);
    expect(await failure(workers.run({ kind: 'spin' }))).toBe('deadline');
    expect(await workers.run({ kind: 'double', n: 3 })).toBe(6);
  });

  it('stops a task at the worker heap limit, not the whole process', async () => {
    const workers = pool({ size: 1, deadlineMs: 20_000 });
    expect(await failure(workers.run({ kind: 'hoard' }))).toBe('memory');
    expect(await workers.run({ kind: 'double', n: 5 })).toBe(10);
  });

  it('rejects the tasks waiting when it closes, and any task after', async () => {
    const workers = pool({ size: 1, deadlineMs: 10_000 });
    const running = failure(workers.run({ kind: 'spin' }));
    const waiting = failure(workers.run({ kind: 'double', n: 1 }));
    await workers.close();
    expect(await running).toBe('closed');
    expect(await waiting).toBe('closed');
    expect(await failure(workers.run({ kind: 'double', n: 1 }))).toBe('closed');
  });

  it('fails the waiting tasks when the worker cannot start, instead of restarting it forever', async () => {
    const missing = createWorkerPool<BusyTask, number>({
      url: new URL('./no-such-worker.ts', import.meta.url),
    });
    pools.push(missing);
    expect(await failure(missing.run({ kind: 'double', n: 1 }))).toBe('crashed');
  });
});
