import { EventEmitter } from 'node:events';
import { expect, it } from 'vitest';
import { capturedLogger } from '@tests/support/captured-log';
import { logUnhandledRejections } from './unhandled-rejections';

it('logs an unhandled rejection with its error instead of ending the process', () => {
  const { logger, lines } = capturedLogger();
  const processLike = new EventEmitter();
  logUnhandledRejections(processLike as unknown as NodeJS.Process, logger);
  expect(processLike.listenerCount('unhandledRejection')).toBe(1);

  processLike.emit('unhandledRejection', new Error('the stand-in went away'), Promise.resolve());
  const [line] = lines.map((text) => JSON.parse(text) as Record<string, unknown>);
  expect(line).toMatchObject({
    level: 50,
    msg: 'unhandled promise rejection (the server goes on)',
    err: { type: 'Error', message: 'the stand-in went away' },
  });
});
