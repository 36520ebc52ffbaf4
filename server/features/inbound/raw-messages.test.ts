import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { scratchRawMessages } from '@tests/support/raw-messages';
import { MAX_HEADER_BYTES } from './header-block';

const rawMessages = scratchRawMessages();
afterAll(() => rawMessages.remove());

const bodyHashOf = (body: string) =>
  createHash('sha256')
    .update(body.replace(/[\r\n]/g, ''))
    .digest('hex');

/** Stores the message cut into chunks at the given offsets. */
async function storeIn(raw: Buffer, cuts: number[]) {
  const offsets = [0, ...cuts, raw.length];
  const chunks = offsets.slice(1).map((end, n) => raw.subarray(offsets[n], end));
  const stored = await rawMessages.write(Readable.from(chunks));
  await rawMessages.delete(stored.key);
  return stored;
}

describe('the header block of a message as it streams in', () => {
  const header = 'From: client@example.com\r\nSubject: Hi\r\nMessage-ID: <cut@example.com>';

  for (const [name, blank] of [
    ['CRLF', '\r\n\r\n'],
    ['LF', '\n\n'],
  ] as const) {
    it(`is found with its blank line (${name}) cut between chunks at any byte`, async () => {
      const body = 'Hello,\r\nthe logo.\r\n';
      const raw = Buffer.from(`${header}${blank}${body}`);
      const blankAt = header.length;
      for (let cut = blankAt - 2; cut <= blankAt + blank.length + 1; cut++) {
        for (const cuts of [[cut], [cut, cut + 1], [cut - 1, cut, cut + 1]]) {
          const stored = await storeIn(raw, cuts);
          expect(stored.head.toString(), `cut at ${cuts.join(',')}`).toBe(`${header}${blank}`);
          expect(stored.bodySha256).toBe(bodyHashOf(body));
        }
      }
      // A byte at a time.
      const stored = await storeIn(
        raw,
        Array.from({ length: raw.length - 1 }, (_, n) => n + 1),
      );
      expect(stored.head.toString()).toBe(`${header}${blank}`);
    });
  }

  it('takes the first blank line of either kind', async () => {
    const raw = Buffer.from(`${header}\n\nBody\r\n\r\nMore`);
    const stored = await storeIn(raw, [header.length + 1]);
    expect(stored.head.toString()).toBe(`${header}\n\n`);
  });

  it('counts a message without a blank line in reach as all body', async () => {
    const line = 'X-Filler: '.padEnd(998, 'y');
    const raw = Buffer.from(`${line}\r\n`.repeat(Math.ceil(MAX_HEADER_BYTES / 1000) + 10));
    const cuts = Array.from({ length: Math.floor(raw.length / 4096) }, (_, n) => (n + 1) * 4096);
    const stored = await storeIn(raw, cuts);
    expect(stored.head).toEqual(raw.subarray(0, MAX_HEADER_BYTES));
    expect(stored.bodySha256).toBe(bodyHashOf(raw.toString()));
  });

  it('keeps only the header block, not the chunk it came in', async () => {
    const raw = Buffer.from(`${header}\r\n\r\n${'x'.repeat(256 * 1024)}`);
    const stored = await rawMessages.write(raw);
    await rawMessages.delete(stored.key);
    expect(stored.head.toString()).toBe(`${header}\r\n\r\n`);
    // A copy: its memory is the head's (or a shared pool's, 8 KB on Node 20, 64 KB on 24),
    // never the whole chunk it was cut from.
    expect(stored.head.buffer).not.toBe(raw.buffer);
    expect(stored.head.buffer.byteLength).toBeLessThan(raw.length);
  });
});
