import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, signedInAdmin } from '@tests/factories';
import { PDF } from '@tests/support/sample-files';
import { startTestApp, type TestApp } from '@tests/support/test-app';
import { attachments, inboundMessages, ticketMessages, tickets } from '../../db/schema';
import { createFileStorage, newStorageKey } from '../../lib/file-storage';
import { createIngest } from './ingest';
import { createRawMessages, ORIGINAL_GONE } from './raw-messages';

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

/** A message to the support address, with one PDF. */
const mail = (id: string, from: string, to: string) =>
  Buffer.from(
    [
      `From: ${from}`,
      `To: ${to}`,
      `Subject: Old news ${id}`,
      `Message-ID: <${id}@mail.test>`,
      'MIME-Version: 1.0',
      'Content-Type: multipart/mixed; boundary="b"',
      '',
      '--b',
      'Content-Type: text/plain',
      '',
      `About ${id}.`,
      '--b',
      'Content-Type: application/pdf; name="menu.pdf"',
      'Content-Transfer-Encoding: base64',
      'Content-Disposition: attachment; filename="menu.pdf"',
      '',
      PDF.toString('base64'),
      '--b--',
      '',
    ].join('\r\n'),
  );

describe('the days Settings keeps original e-mails', () => {
  it('delete older originals; tickets and files stay, held and unread ones keep theirs', async () => {
    const business = await t.services.settings.getBusiness();
    await t.services.repositories.settings.save({ ...business, originalEmailDays: 30 });
    const client = await createClient(t.database, {
      email: 'amelie@bakery.test',
      emailVerified: true,
    });
    const [ticket] = await t.database.db
      .insert(tickets)
      .values({ userId: client.id, subject: 'Menu', description: 'The menu' })
      .returning();
    const answered = await t.services.inbound.ingest(
      mail('answered', 'amelie@bakery.test', `support+t_${ticket!.replyToken}@agency.test`),
      { via: 'smtp' },
    );
    const held = await t.services.inbound.ingest(
      mail('held', 'stranger@elsewhere.test', 'support@agency.test'),
      { via: 'smtp' },
    );
    // One the processing never read (a crash): the sweep still needs its bytes.
    const unread = await createIngest(
      t.services.repositories.inbound,
      createRawMessages({
        storage: createFileStorage(t.config.inbound.rawStore),
        spoolDir: t.config.inbound.rawStore.dir,
      }),
      { process: async () => undefined, release: () => Promise.reject(new Error('unused')) },
      () => undefined,
    )(mail('unread', 'amelie@bakery.test', 'support@agency.test'), { via: 'imap' });
    const ids = [answered.id, held.id, unread.id];
    for (const [id, state] of [
      [answered.id, 'added'],
      [held.id, 'unknown_sender'],
    ] as const) {
      for (let tries = 0; (await rowOf(id)).state !== state; tries++) {
        if (tries > 200) throw new Error(`${id} never became ${state}`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    }
    const keys = new Map(
      await Promise.all(ids.map(async (id) => [id, (await rowOf(id)).rawKey!] as const)),
    );
    // 31 days later, by their arrival.
    await t.database.db
      .update(inboundMessages)
      .set({ receivedAt: new Date(Date.now() - 31 * 24 * 60 * 60 * 1000) })
      .where(inArray(inboundMessages.id, ids));

    expect(await t.services.inboundRawUpkeep.removeExpired()).toBe(1);
    expect(await t.services.inboundRawUpkeep.removeExpired()).toBe(0);
    expect(await rowOf(answered.id)).toMatchObject({ rawKey: null, state: 'added' });
    expect((await rowOf(answered.id)).rawRemovedAt).toBeInstanceOf(Date);
    expect(filesInStore()).not.toContain(keys.get(answered.id));
    expect(filesInStore()).toEqual(
      expect.arrayContaining([keys.get(held.id), keys.get(unread.id)]),
    );

    // The admin is told, wherever the original was offered; the message and its file stay.
    const { agent } = await signedInAdmin(t.app, t.database);
    const logged = await agent.get(`/api/admin/inbound/${answered.id}`);
    expect(logged.body).toMatchObject({ originalKept: false, state: 'added' });
    expect(logged.body.originalRemovedAt).toEqual(expect.any(String));
    const download = await agent.get(`/api/admin/inbound/${answered.id}/raw`);
    expect(download.status).toBe(410);
    expect(download.body.message).toBe(ORIGINAL_GONE);
    const [message] = await t.database.db
      .select()
      .from(ticketMessages)
      .where(eq(ticketMessages.inboundMessageId, answered.id));
    expect(message!.message).toBe('About answered.');
    const original = await agent.get(
      `/api/admin/tickets/${ticket!.id}/messages/${message!.id}/original`,
    );
    expect(original.status).toBe(410);
    expect(original.body.message).toBe(ORIGINAL_GONE);
    const [file] = await t.database.db
      .select()
      .from(attachments)
      .where(eq(attachments.ticketMessageId, message!.id));
    expect((await agent.get(`/api/admin/attachments/${file!.id}`)).status).toBe(200);

    // The held one is still the admin's to release, with its original.
    expect((await agent.get(`/api/admin/inbound/${held.id}`)).body.originalKept).toBe(true);
    const released = await agent
      .post(`/api/admin/inbound/${held.id}/release`)
      .send({ userId: client.id });
    expect(released.status).toBe(200);
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
