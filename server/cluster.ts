import cluster, { type Worker } from 'node:cluster';
import type { Logger } from 'pino';

/**
 * The primary of WEB_CONCURRENCY > 1: forks the workers, which each run the whole server on
 * the shared port (the primary hands out connections round-robin). A worker that dies after
 * it was serving is replaced; one that dies before it ever listened means the setup is broken
 * (bad configuration, database unreachable), so everything stops with exit code 1 instead of
 * forking forever. On SIGTERM/SIGINT the signal is passed on, and the primary exits once every
 * worker has finished its in-flight requests.
 */
export function runPrimary(workers: number, logger: Logger): void {
  let stopping = false;
  let failed = false;
  const serving = new Map<Worker, boolean>();

  const fork = () => serving.set(cluster.fork(), false);
  for (let n = 0; n < workers; n++) fork();

  cluster.on('listening', (worker) => serving.set(worker, true));
  cluster.on('exit', (worker, code, signal) => {
    const wasServing = serving.get(worker);
    serving.delete(worker);
    if (code !== 0) failed = true;
    if (stopping) {
      if (serving.size === 0) process.exit(failed ? 1 : 0);
      return;
    }
    const facts = { pid: worker.process.pid, code, signal };
    if (!wasServing) {
      logger.fatal(facts, 'a worker failed while starting: stopping');
      stop('worker failure');
      return;
    }
    logger.error(facts, 'a worker died: starting another');
    fork();
  });

  function stop(reason: string) {
    if (stopping) return;
    stopping = true;
    logger.info({ reason }, 'stopping the workers');
    if (serving.size === 0) process.exit(failed ? 1 : 0);
    for (const worker of serving.keys()) worker.process.kill('SIGTERM');
  }
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}
