// A worker for the worker pool's tests: doubles a number, or misbehaves as asked.
import { answerTasks } from '../../server/lib/worker-pool';

export type BusyTask =
  | { kind: 'double'; n: number }
  | { kind: 'spin' }
  | { kind: 'hoard' }
  | { kind: 'throw'; message: string };

answerTasks((task: BusyTask) => {
  switch (task.kind) {
    case 'double':
      return task.n * 2;
    case 'spin':
      for (;;);
    case 'hoard': {
      const kept: number[][] = [];
      for (;;) kept.push(new Array<number>(1_000_000).fill(kept.length));
    }
    case 'throw':
      throw new Error(task.message);
  }
});
