import { describe, expect, it } from 'vitest';
import { capturedLogger } from '@tests/support/captured-log';
import { openTestDatabase } from '@tests/support/test-database';
import { outboxMessages } from '../db/schema';

describe('the logger', () => {
  it("writes a failed query's error without the values it was given", async () => {
    const { logger, lines } = capturedLogger();
    const database = await openTestDatabase();
    try {
      // Values that look like the stack's own lines do not end what is redacted.
      const secret = 'Enter this code:\n    at 3 pm: 482913';
      // Refused by the database (attachments may not be null), with a secret in it.
      const failed = await database.db
        .insert(outboxMessages)
        .values({
          fromAddress: 'a@example.com',
          toAddress: 'b@example.com',
          subject: 'Code',
          text: secret,
          status: 'stored',
          attachments: null as never,
        })
        .catch((error: unknown) => error);
      expect(failed).toBeInstanceOf(Error);
      expect((failed as Error).message).toContain(secret);
      logger.error({ err: failed }, 'notification failed');
      logger.error({ err: new Error('notification failed', { cause: failed }) }, 'wrapped');
      const written = lines.join('');
      expect(written).toContain('Failed query: insert into \\"outbox_messages\\"');
      expect(written).toContain('params: [redacted]');
      expect(written).not.toContain('482913');
    } finally {
      await database.close();
    }
  });
});
