import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { scratchRawMessages } from '@tests/support/raw-messages';
import { openTestDatabase } from '@tests/support/test-database';
import type { DatabaseHandle } from '../../db/client';
import { inboundMessages } from '../../db/schema';
import { createInboundRepository } from './inbound.repository';
import { createIngest } from './ingest';
import { messageKeyOf } from './message-identity';
import { MessageTooLargeError, NOT_READ_ORIGINAL_GONE } from './raw-messages';

let database: DatabaseHandle;
const rawMessages = scratchRawMessages();
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
  rawMessages.remove();
});

const mail = (headers: string, body = 'Hello') =>
  Buffer.from(`${headers}\r\nSubject: Hi\r\n\r\n${body}\r\n`, 'utf8');

let processed: string[];
let ingest: ReturnType<typeof createIngest>;
beforeEach(async () => {
  await database.db.delete(inboundMessages);
  for (const name of fs.readdirSync(rawMessages.dir)) fs.rmSync(path.join(rawMessages.dir, name));
  processed = [];
  ingest = createIngest(
    createInboundRepository(database.db),
    rawMessages,
    {
      process: async (id) => void processed.push(id),
      release: () => Promise.reject(new Error('not released in this test')),
    },
    (error) => {
      throw error;
    },
  );
});

/** The files in the store's folder (the spool's included). */
const storedFiles = () => fs.readdirSync(rawMessages.dir);

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
    expect(Buffer.compare((await rawMessages.read(rows[0]!.rawKey!))!, raw)).toBe(0);
    // The second delivery's copy is not kept.
    expect(storedFiles()).toEqual([rows[0]!.rawKey]);
  });

  it('keeps the bytes in the file store, and only their key, size and hash in the row', async () => {
    const raw = mail(
      'Message-ID: <in-store@example.com>\r\nFrom: client@example.com',
      'x'.repeat(5000),
    );
    const { id } = await ingest(Readable.from([raw.subarray(0, 100), raw.subarray(100)]), {
      via: 'smtp',
    });
    const [row] = await database.db.select().from(inboundMessages);
    expect(row).toMatchObject({
      id,
      raw: null,
      size: raw.length,
      rawSha256: createHash('sha256').update(raw).digest('hex'),
    });
    expect(fs.readFileSync(path.join(rawMessages.dir, row!.rawKey!))).toEqual(raw);
  });

  it('keeps the genuine message when a stranger sent its Message-ID first', async () => {
    const forged = mail('Message-ID: <future@example.com>\r\nFrom: stranger@evil.test', 'Spam');
    const genuine = mail(
      'Message-ID: <future@example.com>\r\nFrom: client@example.com',
      'The real request',
    );
    const first = await ingest(forged, { via: 'smtp' });
    const second = await ingest(genuine, { via: 'smtp' });

    expect(second.duplicate).toBe(false);
    expect(second.id).not.toBe(first.id);
    expect(processed).toEqual([first.id, second.id]);
    // Nor does the same From with another body take its place.
    const sameSender = mail(
      'Message-ID: <future@example.com>\r\nFrom: client@example.com',
      'Not it',
    );
    expect((await ingest(sameSender, { via: 'imap' })).duplicate).toBe(false);
  });

  it('counts a copy a relay passed on (headers added, line ends changed) as the same message', async () => {
    const sent = mail(
      'Message-ID: <relayed@example.com>\r\nFrom: Client <client@example.com>',
      'Hi\r\nthere',
    );
    const relayed = Buffer.from(
      `Received: from relay.example.net by mx.agency.test\nX-Forwarded-For: support@agency.test\n${sent.toString('utf8').replace(/\r\n/g, '\n')}`,
    );
    const first = await ingest(sent, { via: 'smtp', envelopeFrom: 'bounce@example.com' });
    expect(await ingest(relayed, { via: 'imap' })).toEqual({ id: first.id, duplicate: true });
  });

  it('keeps nothing of a message past the limit as it streams in', async () => {
    const raw = mail('Message-ID: <too-big@example.com>', 'x'.repeat(10_000));
    await expect(
      ingest(
        Readable.from([raw.subarray(0, 4000), raw.subarray(4000)]),
        { via: 'smtp' },
        { maxBytes: 5000 },
      ),
    ).rejects.toBeInstanceOf(MessageTooLargeError);
    expect(await database.db.select().from(inboundMessages)).toEqual([]);
    expect(storedFiles()).toEqual([]);
  });
});

describe('a message whose first copy went missing', () => {
  const raw = mail('Message-ID: <lost-copy@example.com>\r\nFrom: client@example.com', 'Help');
  const rowOf = async (id: string) =>
    (await database.db.select().from(inboundMessages).where(eq(inboundMessages.id, id)))[0]!;

  it('takes the copy of the next delivery, and reads a message failed for it again', async () => {
    const { id } = await ingest(raw, { via: 'smtp' });
    const first = await rowOf(id);
    fs.rmSync(path.join(rawMessages.dir, first.rawKey!));
    await database.db
      .update(inboundMessages)
      .set({ state: 'failed', stateDetail: NOT_READ_ORIGINAL_GONE })
      .where(eq(inboundMessages.id, id));

    expect(await ingest(raw, { via: 'smtp' })).toEqual({ id, duplicate: true });

    const row = await rowOf(id);
    expect(row).toMatchObject({ state: 'received', stateDetail: null, deliveries: 2 });
    expect(row.rawKey).not.toBe(first.rawKey);
    expect(Buffer.compare((await rawMessages.read(row.rawKey!))!, raw)).toBe(0);
    expect(processed).toEqual([id, id]);
    expect(storedFiles()).toEqual([row.rawKey]);
  });

  it('leaves a copy the retention removed removed', async () => {
    const { id } = await ingest(raw, { via: 'smtp' });
    const first = await rowOf(id);
    await createInboundRepository(database.db).forgetRaw(id, first.rawKey!);
    await rawMessages.delete(first.rawKey!);

    expect(await ingest(raw, { via: 'smtp' })).toEqual({ id, duplicate: true });
    expect((await rowOf(id)).rawKey).toBeNull();
    expect(storedFiles()).toEqual([]);
  });
});

describe('a message whose row could not be written', () => {
  it('keeps the copy, which the row may name after all (the orphan sweep takes it if not)', async () => {
    const down = await openTestDatabase();
    const ownRaw = scratchRawMessages();
    try {
      const unclear = createIngest(
        createInboundRepository(down.db),
        ownRaw,
        { process: async () => undefined, release: () => Promise.reject(new Error('unused')) },
        () => undefined,
      );
      await down.close();
      await expect(
        unclear(mail('Message-ID: <unclear@example.com>'), { via: 'smtp' }),
      ).rejects.toThrow();
      expect(fs.readdirSync(ownRaw.dir)).toHaveLength(1);
    } finally {
      ownRaw.remove();
    }
  });
});
