import type { Logger } from 'pino';

/**
 * A promise nobody awaited that failed (a background send, a library's stray timer): logged
 * with its error, and the server goes on serving. Node's default would end the process, and
 * with it every request in flight, for what is one failed side task.
 */
export function logUnhandledRejections(
  target: Pick<NodeJS.Process, 'on'>,
  logger: Pick<Logger, 'error'>,
): void {
  target.on('unhandledRejection', (reason: unknown) => {
    logger.error({ err: reason }, 'unhandled promise rejection (the server goes on)');
  });
}
