import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '@tests/support/test-app';
import { inboundMessages } from '../../db/schema';
import { newStorageKey } from '../../lib/file-storage';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ SUPPORT_EMAIL: 'support@agency.test' });
});
afterAll(async () => {
  await t.close();
});

const storeDir = () => t.config.inbound.rawStore.dir;
const filesInStore = () => (fs.existsSync(storeDir()) ? fs.readdirSync(storeDir()) : []);

/** A row as the product wrote it before the file store: the bytes in the `raw` column. */
async function legacyRow(id: string, bodyBytes: number) {
  const raw = Buffer.from(
    [
      'From: Ann Stranger <ann@stranger.test>',
      'To: support@agency.test',
      'Subject: An old one',
      `Message-ID: <${id}@mail.test>`,
      '',
      crypto.randomBytes(bodyBytes).toString('base64'),
      '',
    ].join('\r\n'),
  );
  const [row] = await t.database.db
    .insert(inboundMessages)
    .values({ messageId: `<${id}@mail.test>`, via: 'smtp', raw, size: raw.length })
    .returning();
  return { id: row!.id, raw };
}

async function rowOf(id: string) {
  const [row] = await t.database.db
    .select()
    .from(inboundMessages)
    .where(eq(inboundMessages.id, id));
  return row!;
}

describe('raw e-mails kept in the database before the file store', () => {
  it('move into the store at start-up, once, even with two processes at it', async () => {
    const large = await legacyRow('legacy-large', 900_000);
    const small = await legacyRow('legacy-small', 100);

    const [a, b] = await Promise.all([
      t.services.inboundRawUpkeep.moveIntoStore(),
      t.services.inboundRawUpkeep.moveIntoStore(),
    ]);
    expect(a + b).toBe(2);
    expect(await t.services.inboundRawUpkeep.moveIntoStore()).toBe(0);

    for (const { id, raw } of [large, small]) {
      const row = await rowOf(id);
      expect(row).toMatchObject({
        raw: null,
        rawSha256: crypto.createHash('sha256').update(raw).digest('hex'),
      });
      expect(row.dedupeKey).toMatch(/^[0-9a-f]{64}$/);
      const { raw: stream } = await t.services.inbound.raw(id);
      expect(Buffer.compare(Buffer.concat(await stream.toArray()), raw)).toBe(0);
    }
    // The losing process's copies are gone: one file per row.
    const keys = [(await rowOf(large.id)).rawKey, (await rowOf(small.id)).rawKey];
    expect(filesInStore().sort()).toEqual(keys.sort());
  });

  it('are a second delivery of the same message once moved', async () => {
    const old = await legacyRow('legacy-again', 100);
    await t.services.inboundRawUpkeep.moveIntoStore();
    const again = await t.services.inbound.ingest(old.raw, { via: 'imap' });
    expect(again).toEqual({ id: old.id, duplicate: true });
  });
});

describe('the raw copies no row names', () => {
  it('are deleted once an hour old, with what a crash left in the spool', async () => {
    fs.mkdirSync(storeDir(), { recursive: true });
    const orphan = newStorageKey();
    const young = newStorageKey();
    const partial = `${newStorageKey()}.partial-12345`;
    for (const name of [orphan, young, partial]) fs.writeFileSync(path.join(storeDir(), name), 'x');
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    fs.utimesSync(path.join(storeDir(), orphan), twoHoursAgo, twoHoursAgo);
    fs.utimesSync(path.join(storeDir(), partial), twoHoursAgo, twoHoursAgo);
    const kept = await t.services.inbound.ingest(
      Buffer.from('From: a@b.test\r\nMessage-ID: <kept@b.test>\r\n\r\nHi\r\n'),
      { via: 'smtp' },
    );
    const keptKey = (await rowOf(kept.id)).rawKey!;
    fs.utimesSync(path.join(storeDir(), keptKey), twoHoursAgo, twoHoursAgo);

    expect(await t.services.inboundRawUpkeep.removeOrphans()).toBe(1);
    const left = filesInStore();
    expect(left).toContain(young);
    expect(left).toContain(keptKey);
    expect(left).not.toContain(orphan);
    expect(left).not.toContain(partial);
  });
});
