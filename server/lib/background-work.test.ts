import { expect, it } from 'vitest';
import { capturedLogger } from '@tests/support/captured-log';
import { createBackgroundWork } from './background-work';

it('starts work only after its caller has finished, and logs a failure instead of throwing', async () => {
  const { logger, lines } = capturedLogger();
  const background = createBackgroundWork(logger);
  const steps: string[] = [];
  const handler = async () => {
    background.run('look-up', async () => {
      steps.push('work started');
      await Promise.resolve();
      background.run('mail', async () => {
        steps.push('work it started');
        throw new Error('the mail server went away');
      });
    });
    steps.push('answered');
    await Promise.resolve();
    steps.push('handler done');
  };
  await handler();
  await background.idle();
  expect(steps).toEqual(['answered', 'handler done', 'work started', 'work it started']);
  expect(lines.map((line) => JSON.parse(line) as Record<string, unknown>)).toMatchObject([
    {
      level: 50,
      kind: 'mail',
      msg: 'background work failed',
      err: { message: 'the mail server went away' },
    },
  ]);
});
