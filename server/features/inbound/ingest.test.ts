import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '@tests/support/test-database';
import type { DatabaseHandle } from '../../db/client';
import { inboundMessages } from '../../db/schema';
import { createInboundRepository } from './inbound.repository';
import { createIngest } from './ingest';
import { messageKeyOf } from './message-identity';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const mail = (headers: string, body = 'Hello') =>
  Buffer.from(`${headers}\r\nSubject: Hi\r\n\r\n${body}\r\n`, 'utf8');

describe('the key a message is stored under', () => {
  it('is its Message-ID, even folded onto the next line', () => {
    expect(messageKeyOf(mail('Message-ID: <a1@example.com>'))).toBe('<a1@example.com>');
    expect(messageKeyOf(mail('message-id:\r\n  <folded@example.com>'))).toBe(
      '<folded@example.com>',
    );
  });

  it('is a hash of the bytes when there is none, and ignores a Message-ID in the body', () => {
    const raw = mail('From: a@example.com', 'Message-ID: <in-body@example.com>');
    expect(messageKeyOf(raw)).toMatch(/^<sha256:[0-9a-f]{64}@raw>$/);
    expect(messageKeyOf(raw)).toBe(messageKeyOf(Buffer.from(raw)));
    expect(messageKeyOf(raw)).not.toBe(messageKeyOf(mail('From: a@example.com', 'Other')));
  });
});

describe('ingesting a message', () => {
  it('stores it raw once and processes only the first delivery', async () => {
    const processed: string[] = [];
    const ingest = createIngest(
      createInboundRepository(database.db),
      {
        process: async (id) => void processed.push(id),
        release: () => Promise.reject(new Error('not released in this test')),
      },
      (error) => {
        throw error;
      },
    );
    const raw = mail('Message-ID: <twice@example.com>\r\nFrom: client@example.com');

    const first = await ingest(raw, { via: 'smtp', envelopeTo: ['support@example.com'] });
    const second = await ingest(raw, { via: 'imap' });

    expect(first.duplicate).toBe(false);
    expect(second).toEqual({ id: first.id, duplicate: true });
    expect(processed).toEqual([first.id]);
    const rows = await database.db.select().from(inboundMessages);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      via: 'smtp',
      deliveries: 2,
      state: 'received',
      size: raw.length,
      envelopeTo: ['support@example.com'],
    });
    expect(Buffer.compare(rows[0]!.raw, raw)).toBe(0);
  });
});
