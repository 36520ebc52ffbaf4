import path from 'node:path';
import { Worker, parentPort, type ResourceLimits } from 'node:worker_threads';
import { projectRoot } from './paths';

/** Why a task got no answer from its worker. */
export type WorkerFailure = 'deadline' | 'memory' | 'crashed' | 'closed';

export class WorkerTaskError extends Error {
  constructor(
    readonly failure: WorkerFailure,
    message: string,
  ) {
    super(message);
  }
}

type WorkerMessage = { ready: true } | { output: unknown } | { error: string };

interface Task {
  input: unknown;
  resolve(output: unknown): void;
  reject(error: Error): void;
}

interface Slot {
  worker: Worker;
  ready: boolean;
  task?: Task;
  timer?: NodeJS.Timeout;
}

export interface WorkerPoolOptions {
  /** The worker's module: a .ts file in source (run through tsx), a .js file when bundled. */
  url: URL;
  /** Workers at most; tasks beyond them wait in one queue, first come first served. */
  size?: number;
  /** How long one task may run before its worker is terminated and replaced. */
  deadlineMs?: number;
  /** Each worker's heap: a worker past it dies alone instead of taking the process down. */
  resourceLimits?: ResourceLimits;
}

/**
 * The code of a worker that runs a TypeScript module (tests, `npm run dev`). Node 20 does not
 * apply `--import tsx` to a worker, so the worker loads tsx's API itself; tsconfig.json is
 * named so the @shared alias resolves whatever the working directory.
 */
function loadThroughTsx(url: URL): string {
  const tsx = import.meta.resolve('tsx/esm/api');
  const options = { parentURL: url.href, tsconfig: path.join(projectRoot, 'tsconfig.json') };
  return `import(${JSON.stringify(tsx)}).then(({ tsImport }) =>
    tsImport(${JSON.stringify(url.href)}, ${JSON.stringify(options)}))`;
}

/**
 * A few worker threads that run CPU work off the event loop, each task within a deadline:
 * a worker that overruns it (or runs out of memory) is terminated, its task is rejected with
 * a WorkerTaskError, and a fresh worker takes the next task. Workers start on the first task
 * and never keep the process alive on their own.
 */
export function createWorkerPool<Input, Output>({
  url,
  size = 1,
  deadlineMs = 2000,
  resourceLimits,
}: WorkerPoolOptions) {
  const queue: Task[] = [];
  const slots: Slot[] = [];
  let closed = false;

  function retire(slot: Slot, error: WorkerTaskError) {
    const index = slots.indexOf(slot);
    if (index === -1) return;
    slots.splice(index, 1);
    clearTimeout(slot.timer);
    void slot.worker.terminate();
    if (slot.task) slot.task.reject(error);
    // A worker that dies before it is ready would die again: the tasks waiting fail instead.
    else if (!slot.ready) queue.splice(0).forEach((task) => task.reject(error));
    pump();
  }

  function start(): Slot {
    const worker = url.pathname.endsWith('.ts')
      ? new Worker(loadThroughTsx(url), { eval: true, resourceLimits })
      : new Worker(url, { resourceLimits });
    worker.unref();
    const slot: Slot = { worker, ready: false };
    worker.on('message', (message: WorkerMessage) => {
      if ('ready' in message) slot.ready = true;
      else if (slot.task) {
        const task = slot.task;
        slot.task = undefined;
        clearTimeout(slot.timer);
        if ('error' in message) task.reject(new Error(message.error));
        else task.resolve(message.output);
      }
      pump();
    });
    worker.on('error', (error: Error & { code?: string }) =>
      retire(
        slot,
        error.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? new WorkerTaskError('memory', 'The worker ran out of memory')
          : new WorkerTaskError('crashed', `The worker failed: ${error.message}`),
      ),
    );
    worker.on('exit', (code) =>
      retire(slot, new WorkerTaskError('crashed', `The worker stopped (exit code ${code})`)),
    );
    return slot;
  }

  function pump() {
    if (closed) return;
    for (const slot of slots) {
      if (queue.length === 0) break;
      if (!slot.ready || slot.task) continue;
      const task = queue.shift()!;
      slot.task = task;
      slot.timer = setTimeout(
        () => retire(slot, new WorkerTaskError('deadline', `No answer within ${deadlineMs} ms`)),
        deadlineMs,
      ).unref();
      slot.worker.postMessage(task.input);
    }
    const starting = slots.filter((slot) => !slot.ready).length;
    for (let more = queue.length - starting; more > 0 && slots.length < size; more--) {
      slots.push(start());
    }
  }

  return {
    run(input: Input): Promise<Output> {
      if (closed) return Promise.reject(new WorkerTaskError('closed', 'The pool is closed'));
      return new Promise<Output>((resolve, reject) => {
        queue.push({ input, resolve: resolve as (output: unknown) => void, reject });
        pump();
      });
    },

    /** Terminates the workers; tasks still waiting or running are rejected. */
    async close(): Promise<void> {
      closed = true;
      const error = new WorkerTaskError('closed', 'The pool is closed');
      queue.splice(0).forEach((task) => task.reject(error));
      const stopping = slots.splice(0);
      for (const slot of stopping) {
        clearTimeout(slot.timer);
        slot.task?.reject(error);
      }
      await Promise.all(stopping.map((slot) => slot.worker.terminate()));
    },
  };
}
export type WorkerPool<Input, Output> = ReturnType<typeof createWorkerPool<Input, Output>>;

/**
 * The worker's side: answers each task the pool posts with `handle`'s result (a thrown
 * error's message is passed back), after saying it is ready, so no deadline counts the start.
 */
export function answerTasks<Input, Output>(handle: (input: Input) => Output): void {
  const port = parentPort;
  if (!port) throw new Error('answerTasks runs in a worker thread');
  port.on('message', (input: Input) => {
    let message: WorkerMessage;
    try {
      message = { output: handle(input) };
    } catch (error) {
      message = { error: error instanceof Error ? error.message : String(error) };
    }
    port.postMessage(message);
  });
  port.postMessage({ ready: true } satisfies WorkerMessage);
}
