import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TicketDetailSchema } from '@shared/schemas/tickets';
import { attachments, tickets } from '../../db/schema';
import { signedInAdmin, signedInClient } from '@tests/factories';
import {
  CLAMD_MISSING,
  clamdInstalled,
  EICAR,
  EICAR_SIGNATURE,
  startClamd,
  startHangingScanner,
  type ClamdDaemon,
} from '@tests/support/clamd-daemon';
import { startS3StandIn, type S3StandIn } from '@tests/support/s3-stand-in';
import { EXE, HTML, PDF, pngImage, SVG } from '@tests/support/sample-files';
import { createAppInstance, startTestApp, type TestApp } from '@tests/support/test-app';
import { makeZip } from '@tests/support/zip';
import { loadConfig } from '../../config';
import { createLogger } from '../../lib/logger';
import { CUT_OFF } from '../../lib/clamd';
import {
  ATTACHMENT_HELD,
  ATTACHMENT_UNSCANNABLE,
  SCAN_TRIES,
  STORAGE_UNAVAILABLE,
} from './attachments.service';

type Client = Awaited<ReturnType<typeof signedInClient>>;
type Upload = [filename: string, bytes: Buffer];

const tempDirs: string[] = [];
function dataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'attachments-test-'));
  tempDirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** A request with the client's cookies, as their browser would send it. */
function asClient(t: TestApp, client: Client, method: 'get' | 'post', url: string) {
  const req = method === 'get' ? request(t.app).get(url) : request(t.app).post(url);
  return req.set('Cookie', client.browser.cookieHeaderFor(new URL(url, t.baseUrl)));
}

function newTicketWithFiles(t: TestApp, client: Client, files: Upload[]) {
  let req = asClient(t, client, 'post', '/api/tickets')
    .field('subject', 'New logo and menu')
    .field('description', 'Please put the attached logo on the home page.')
    .field('priority', 'normal');
  for (const [name, bytes] of files) req = req.attach('files', bytes, name);
  return req;
}

async function rowsOf(t: TestApp, ticketId: string) {
  return t.database.db.select().from(attachments).where(eq(attachments.ticketId, ticketId));
}

describe('attachments on local disk', () => {
  let t: TestApp;
  let alice: Client;
  let bob: Client;
  let dir: string;
  beforeAll(async () => {
    dir = dataDir();
    t = await startTestApp({ DATA_DIR: dir });
    alice = await signedInClient(t.baseUrl, { firstName: 'Alice' });
    bob = await signedInClient(t.baseUrl, { firstName: 'Bob' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('keeps the ticket and the good files, and names each refused file with its reason', async () => {
    const logo = pngImage();
    const res = await newTicketWithFiles(t, alice, [
      ['logo.png', logo],
      ['page.html', HTML],
      ['icon.svg', SVG],
      ['setup.exe', EXE],
      ['bomb.zip', makeZip([{ name: 'x', data: Buffer.alloc(10), declaredSize: 3e9 }])],
    ]);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ subject: 'New logo and menu', status: 'open' });
    expect(res.body.refused).toEqual([
      { filename: 'page.html', reason: expect.stringContaining('HTML files are not accepted') },
      { filename: 'icon.svg', reason: expect.stringContaining('SVG files are not accepted') },
      { filename: 'setup.exe', reason: expect.stringContaining('EXE files are not accepted') },
      { filename: 'bomb.zip', reason: expect.stringMatching(/^ZIP bomb/) },
    ]);

    const detail = TicketDetailSchema.parse(
      (await asClient(t, alice, 'get', `/api/tickets/${res.body.id}`)).body,
    );
    expect(detail.attachments).toEqual([
      {
        id: expect.any(String),
        filename: 'logo.png',
        size: logo.length,
        contentType: 'image/png',
        url: `/api/attachments/${detail.attachments[0]!.id}`,
        status: 'ready',
      },
    ]);
    const [row] = await rowsOf(t, res.body.id);
    expect(row).toMatchObject({ scanStatus: 'not_scanned', ticketMessageId: null });
    expect(fs.readFileSync(path.join(dir, 'attachments', row!.storageKey))).toEqual(logo);

    const download = await asClient(t, alice, 'get', detail.attachments[0]!.url).buffer(true);
    expect(download.status).toBe(200);
    expect(download.body).toEqual(logo);
    expect(download.headers).toMatchObject({
      'content-type': 'image/png',
      'content-disposition': `attachment; filename="logo.png"; filename*=UTF-8''logo.png`,
      'x-content-type-options': 'nosniff',
    });
  });

  it('keeps a file whose name claims another type under its own type, and says so', async () => {
    // A PDF with a script after it: accepted as a PDF, never downloaded as a .bat or .hta.
    const pdfWithScript = Buffer.concat([PDF, Buffer.from('\r\n@echo off\r\nstart calc.exe\r\n')]);
    const logo = pngImage();
    const res = await newTicketWithFiles(t, alice, [
      ['statement.bat', pdfWithScript],
      ['statement.hta', pdfWithScript],
      ['photo', logo],
      ['logo.PNG', logo],
    ]);
    expect(res.status).toBe(201);
    expect(res.body.refused).toEqual([]);
    expect(res.body.renamed).toEqual([
      {
        filename: 'statement.bat',
        keptAs: 'statement.pdf',
        reason: 'its contents are a PDF document, not a .bat file',
      },
      {
        filename: 'statement.hta',
        keptAs: 'statement.pdf',
        reason: 'its contents are a PDF document, not a .hta file',
      },
      {
        filename: 'photo',
        keptAs: 'photo.png',
        reason: 'its contents are a PNG image, and its name had no extension',
      },
    ]);
    const detail = TicketDetailSchema.parse(
      (await asClient(t, alice, 'get', `/api/tickets/${res.body.id}`)).body,
    );
    expect(detail.attachments.map((file) => [file.filename, file.contentType]).sort()).toEqual([
      ['logo.PNG', 'image/png'],
      ['photo.png', 'image/png'],
      ['statement.pdf', 'application/pdf'],
      ['statement.pdf', 'application/pdf'],
    ]);
    const statement = detail.attachments.find((file) => file.filename === 'statement.pdf')!;
    const download = await asClient(t, alice, 'get', statement.url).buffer(true);
    expect(download.headers).toMatchObject({
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="statement.pdf"; filename*=UTF-8''statement.pdf`,
    });
    expect(download.body).toEqual(pdfWithScript);

    // The same for a client's message and an admin's reply.
    const sent = await asClient(t, alice, 'post', `/api/tickets/${res.body.id}/messages`)
      .field('message', 'The invoice')
      .attach('files', PDF, 'invoice.exe');
    expect(sent.body.renamed).toEqual([
      {
        filename: 'invoice.exe',
        keptAs: 'invoice.pdf',
        reason: 'its contents are a PDF document, not a .exe file',
      },
    ]);
    expect(sent.body.messages.at(-1).attachments[0].filename).toBe('invoice.pdf');
    const { agent } = await signedInAdmin(t.app, t.database);
    const reply = await agent
      .post(`/api/admin/tickets/${res.body.id}/messages`)
      .field('message', 'Mock-up attached')
      .attach('files', pngImage(32, 32), 'mockup.jpg');
    expect(reply.status).toBe(201);
    expect(reply.body.renamed).toEqual([
      {
        filename: 'mockup.jpg',
        keptAs: 'mockup.png',
        reason: 'its contents are a PNG image, not a .jpg file',
      },
    ]);
  });

  it('serves a file only to the ticket’s client and the admins (others: 404)', async () => {
    const made = await newTicketWithFiles(t, alice, [['notes.txt', Buffer.from('Hours: 9-5\n')]]);
    const detail = (await asClient(t, alice, 'get', `/api/tickets/${made.body.id}`)).body;
    const { id, url } = detail.attachments[0];

    expect((await asClient(t, bob, 'get', url)).status).toBe(404);
    expect((await request(t.app).get(url)).status).toBe(401);
    expect((await asClient(t, alice, 'get', '/api/attachments/not-a-uuid')).status).toBe(404);

    const { agent } = await signedInAdmin(t.app, t.database);
    const admin = (await agent.get(`/api/admin/tickets/${made.body.id}`)).body;
    expect(admin.attachments[0]).toMatchObject({ id, url: `/api/admin/attachments/${id}` });
    const byAdmin = await agent.get(`/api/admin/attachments/${id}`);
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(byAdmin.text).toBe('Hours: 9-5\n');
    // A client's session does not reach the admin's address.
    expect((await asClient(t, alice, 'get', `/api/admin/attachments/${id}`)).status).toBe(401);
  });

  it('takes files with a client message and an admin reply, each listed on its message', async () => {
    const made = await newTicketWithFiles(t, alice, []);
    expect(made.body.refused).toEqual([]);
    const sent = await asClient(t, alice, 'post', `/api/tickets/${made.body.id}/messages`)
      .field('message', 'Here is the menu')
      .attach('files', Buffer.from('item,price\ngumbo,12\n'), 'menu.csv')
      .attach('files', Buffer.from('<html></html>'), 'menu.html');
    expect(sent.status).toBe(201);
    expect(sent.body.refused).toEqual([
      { filename: 'menu.html', reason: expect.stringContaining('not accepted') },
    ]);
    expect(sent.body.messages[0]).toMatchObject({
      message: 'Here is the menu',
      attachments: [{ filename: 'menu.csv', contentType: 'text/csv; charset=utf-8' }],
    });

    const { agent } = await signedInAdmin(t.app, t.database);
    const reply = await agent
      .post(`/api/admin/tickets/${made.body.id}/messages`)
      .field('message', 'Mock-up attached')
      .field('status', 'in_progress')
      .attach('files', pngImage(32, 32), 'mockup.png');
    expect(reply.status).toBe(201);
    expect(reply.body.refused).toEqual([]);
    expect(reply.body.messages[1]).toMatchObject({
      isAdminReply: true,
      attachments: [{ filename: 'mockup.png', url: expect.stringMatching(/^\/api\/admin\//) }],
    });
    const client = (await asClient(t, alice, 'get', `/api/tickets/${made.body.id}`)).body;
    expect(client.messages[1].attachments[0].url).toMatch(/^\/api\/attachments\//);
  });

  it('cleans the file name: no folders, no control characters; the download keeps UTF-8', async () => {
    const made = await newTicketWithFiles(t, alice, [
      // Other control characters make the part's header malformed (busboy refuses the form, 400);
      // those that pass are a tab and the bidi override that shows "txt.exe" as "exe.txt".
      ['../../etc/Café\tmenu\u202e.txt', Buffer.from('menu\n')],
    ]);
    const [row] = await rowsOf(t, made.body.id);
    expect(row!.filename).toBe('Cafémenu.txt');
    const res = await asClient(t, alice, 'get', `/api/attachments/${row!.id}`);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Caf_menu.txt"; filename*=UTF-8''Caf%C3%A9menu.txt`,
    );
  });

  it('applies the limits of the Settings, per file and per message', async () => {
    const { agent } = await signedInAdmin(t.app, t.database);
    const business = (await agent.get('/api/admin/settings')).body;
    await agent
      .put('/api/admin/settings')
      .send({ ...business, attachmentMaxFileMb: 1, attachmentMaxMessageMb: 2 })
      .expect(200);
    expect((await request(t.app).get('/api/attachments/limits')).body).toMatchObject({
      maxFileBytes: 1024 * 1024,
      maxMessageBytes: 2 * 1024 * 1024,
    });
    const mb = (n: number) => Buffer.alloc(Math.round(n * 1024 * 1024), 'a');
    const res = await newTicketWithFiles(t, alice, [
      ['big.txt', mb(1.5)],
      ['a.txt', mb(0.9)],
      ['b.txt', mb(0.9)],
      ['c.txt', mb(0.9)],
    ]);
    expect(res.status).toBe(201);
    expect(res.body.refused).toEqual([
      { filename: 'big.txt', reason: 'larger than the 1 MB limit per file' },
      { filename: 'c.txt', reason: 'the files of one message may add up to 2 MB' },
    ]);
    expect((await rowsOf(t, res.body.id)).map((row) => row.filename).sort()).toEqual([
      'a.txt',
      'b.txt',
    ]);
    await agent.put('/api/admin/settings').send(business).expect(200);
  });

  it('saves the files of a message for other features (inbound mail) through saveForMessage', async () => {
    const made = await newTicketWithFiles(t, alice, []);
    const sent = await asClient(t, alice, 'post', `/api/tickets/${made.body.id}/messages`).send({
      message: 'Sent by e-mail, in fact.',
    });
    const messageId: string = sent.body.messages[0].id;
    const result = await t.services.attachments.saveForMessage(messageId, [
      { filename: 'photo.png', contentType: 'application/octet-stream', bytes: pngImage() },
      { filename: 'invoice.pdf', contentType: 'application/pdf', bytes: EXE },
    ]);
    expect(result).toEqual({
      saved: [
        {
          id: expect.any(String),
          filename: 'photo.png',
          size: pngImage().length,
          contentType: 'image/png',
          scanStatus: 'not_scanned',
        },
      ],
      refused: [{ filename: 'invoice.pdf', reason: expect.stringContaining('EXE files') }],
      renamed: [],
    });
    const detail = (await asClient(t, alice, 'get', `/api/tickets/${made.body.id}`)).body;
    expect(detail.messages[0].attachments).toMatchObject([{ filename: 'photo.png' }]);
  });

  it('removes stored files no row names once they are an hour old, and keeps the rest', async () => {
    const made = await newTicketWithFiles(t, alice, [['kept.txt', Buffer.from('kept\n')]]);
    const [kept] = await rowsOf(t, made.body.id);
    const store = path.join(dir, 'attachments');
    const orphan = path.join(store, '0f0f0f0f-0000-4000-8000-000000000000');
    const young = path.join(store, '0e0e0e0e-0000-4000-8000-000000000000');
    fs.writeFileSync(orphan, 'left behind');
    fs.writeFileSync(young, 'upload in flight');
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    fs.utimesSync(orphan, twoHoursAgo, twoHoursAgo);
    fs.utimesSync(path.join(store, kept!.storageKey), twoHoursAgo, twoHoursAgo);

    expect(await t.services.attachments.removeOrphans()).toBe(1);
    expect(fs.existsSync(orphan)).toBe(false);
    expect(fs.existsSync(young)).toBe(true);
    expect(fs.existsSync(path.join(store, kept!.storageKey))).toBe(true);
  });
});

describe('attachments in S3 (s3rver)', () => {
  let s3: S3StandIn;
  let t: TestApp;
  let alice: Client;
  beforeAll(async () => {
    s3 = await startS3StandIn();
    t = await startTestApp({ DATA_DIR: dataDir(), ...s3.env });
    alice = await signedInClient(t.baseUrl);
  });
  afterAll(async () => {
    await t.close();
    await s3.close();
  });

  it('stores and serves through the bucket', async () => {
    const logo = pngImage();
    const made = await newTicketWithFiles(t, alice, [['logo.png', logo]]);
    const [row] = await rowsOf(t, made.body.id);
    const res = await asClient(t, alice, 'get', `/api/attachments/${row!.id}`).buffer(true);
    expect(res.body).toEqual(logo);
  });

  it('refuses the upload with a clear 503 while S3 is down, and saves nothing', async () => {
    const [before] = await t.database.db.select({ n: count() }).from(tickets);
    await s3.stop();
    try {
      const res = await newTicketWithFiles(t, alice, [['logo.png', pngImage()]]);
      expect(res.status).toBe(503);
      expect(res.body.message).toBe(STORAGE_UNAVAILABLE);
    } finally {
      await s3.start();
    }
    const [after] = await t.database.db.select({ n: count() }).from(tickets);
    expect(after!.n).toBe(before!.n);
    expect(await t.services.attachments.removeOrphans()).toBe(0);
  });
});

describe('a virus scanner that hangs', () => {
  it('holds the file (409, never served) until a later scan clears it', async () => {
    const hanging = await startHangingScanner();
    const t = await startTestApp({
      DATA_DIR: dataDir(),
      CLAMD_URL: hanging.url,
      CLAMD_TIMEOUT_SECONDS: '1',
    });
    try {
      const alice = await signedInClient(t.baseUrl);
      const made = await newTicketWithFiles(t, alice, [['hours.txt', Buffer.from('9 to 5\n')]]);
      expect(made.status).toBe(201);
      expect(made.body.refused).toEqual([]);
      const [row] = await rowsOf(t, made.body.id);
      expect(row).toMatchObject({ scanStatus: 'pending' });
      const detail = (await asClient(t, alice, 'get', `/api/tickets/${made.body.id}`)).body;
      expect(detail.attachments[0]).toMatchObject({ status: 'scanning' });
      const res = await asClient(t, alice, 'get', `/api/attachments/${row!.id}`);
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(ATTACHMENT_HELD);
      // The scanner still hangs: the job leaves it held, and no try is held against the file.
      expect(await t.services.attachments.retryPendingScans()).toMatchObject({
        failed: 0,
        pending: 1,
      });
      expect((await rowsOf(t, made.body.id))[0]).toMatchObject({
        scanStatus: 'pending',
        scanTries: 0,
      });
      expect((await asClient(t, alice, 'get', `/api/attachments/${row!.id}`)).status).toBe(409);
    } finally {
      await t.close();
      await hanging.close();
    }
  });
});

if (!clamdInstalled) console.warn(`Skipping the ClamAV upload tests: ${CLAMD_MISSING}`);

describe.skipIf(!clamdInstalled)("attachments scanned by Debian's clamd", () => {
  let clamd: ClamdDaemon;
  let t: TestApp;
  let alice: Client;
  beforeAll(async () => {
    // Files over 1 MB: clamd answers "INSTREAM size limit exceeded. ERROR" for them alone.
    clamd = await startClamd({ streamMaxLength: '1M' });
    t = await startTestApp({ DATA_DIR: dataDir(), CLAMD_URL: clamd.url });
    alice = await signedInClient(t.baseUrl);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await clamd?.stop();
  });

  it('refuses an infected file by the virus name and keeps the clean ones, scanned', async () => {
    const res = await newTicketWithFiles(t, alice, [
      ['eicar.txt', EICAR],
      ['hours.txt', Buffer.from('9 to 5\n')],
    ]);
    expect(res.body.refused).toEqual([
      { filename: 'eicar.txt', reason: `infected: ${EICAR_SIGNATURE}` },
    ]);
    expect(await rowsOf(t, res.body.id)).toEqual([
      expect.objectContaining({ filename: 'hours.txt', scanStatus: 'clean' }),
    ]);
  });

  it('scans the files held while clamd was down once it answers: clean served, infected never', async () => {
    const hanging = await startHangingScanner();
    const held = await startTestApp(
      {
        DATA_DIR: t.config.attachments.dir.replace(/\/attachments$/, ''),
        CLAMD_URL: hanging.url,
        CLAMD_TIMEOUT_SECONDS: '1',
      },
      { database: t.database },
    );
    let ticketId: string;
    try {
      const made = await newTicketWithFiles(held, alice, [
        ['hours.txt', Buffer.from('9 to 5, Sundays closed\n')],
        ['eicar.txt', EICAR],
      ]);
      ticketId = made.body.id;
      expect((await rowsOf(t, ticketId)).map((row) => row.scanStatus)).toEqual([
        'pending',
        'pending',
      ]);
    } finally {
      await held.close();
      await hanging.close();
    }
    // The job of an instance that reaches clamd.
    const config = loadConfig({
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: t.config.attachments.dir.replace(/\/attachments$/, ''),
      CLAMD_URL: clamd.url,
    });
    const worker = await createAppInstance({
      config,
      database: t.database,
      logger: createLogger('silent'),
    });
    try {
      expect(await worker.services.attachments.retryPendingScans()).toEqual({
        scanned: 2,
        infected: 1,
        failed: 0,
        gaveUp: 0,
        pending: 0,
      });
    } finally {
      await worker.close();
    }
    const rows = await rowsOf(t, ticketId);
    const clean = rows.find((row) => row.filename === 'hours.txt')!;
    const infected = rows.find((row) => row.filename === 'eicar.txt')!;
    expect(clean.scanStatus).toBe('clean');
    expect(infected).toMatchObject({
      scanStatus: 'infected',
      scanDetail: `infected: ${EICAR_SIGNATURE}`,
    });
    expect((await asClient(t, alice, 'get', `/api/attachments/${clean.id}`)).status).toBe(200);
    expect((await asClient(t, alice, 'get', `/api/attachments/${infected.id}`)).status).toBe(410);
  });

  it('is passed over so the later files are scanned, and held for good after its tries, with why', async () => {
    const long = (line: string) => Buffer.from(line.repeat(Math.ceil(1.5e6 / line.length)));
    // The oldest held file is one clamd errs on; the scans after it must not wait on it.
    const first = await newTicketWithFiles(t, alice, [
      ['price-list.txt', long('Logo design: $400\n')],
    ]);
    const second = await newTicketWithFiles(t, alice, [
      ['menu.txt', long('Soup of the day: $6\n')],
      ['hours.txt', Buffer.from('9 to 5\n')],
      ['eicar.txt', EICAR],
    ]);
    // At the upload clamd erred on the long file first: the rest of each message waits too.
    const rows = [...(await rowsOf(t, first.body.id)), ...(await rowsOf(t, second.body.id))];
    expect(rows.map((row) => row.scanStatus)).toEqual(['pending', 'pending', 'pending', 'pending']);

    expect(await t.services.attachments.retryPendingScans()).toEqual({
      scanned: 2,
      infected: 1,
      failed: 2,
      gaveUp: 0,
      pending: 2,
    });
    for (let run = 2; run < SCAN_TRIES; run += 1) {
      expect(await t.services.attachments.retryPendingScans()).toMatchObject({
        failed: 2,
        gaveUp: 0,
        pending: 2,
      });
    }
    expect(await t.services.attachments.retryPendingScans()).toEqual({
      scanned: 0,
      infected: 0,
      failed: 2,
      gaveUp: 2,
      pending: 0,
    });
    // Given up on: no longer tried.
    expect(await t.services.attachments.retryPendingScans()).toMatchObject({ failed: 0 });

    const byName = new Map(
      [...(await rowsOf(t, first.body.id)), ...(await rowsOf(t, second.body.id))].map((row) => [
        row.filename,
        row,
      ]),
    );
    expect(byName.get('hours.txt')!.scanStatus).toBe('clean');
    expect(byName.get('eicar.txt')!.scanStatus).toBe('infected');
    const held = byName.get('price-list.txt')!;
    expect(held).toMatchObject({ scanStatus: 'unscannable', scanTries: SCAN_TRIES });
    // clamd answers past its StreamMaxLength and closes at once: which of its answer and the
    // refused write comes first is up to TCP, and each is said.
    const why = held.scanDetail;
    expect([
      'Held for good: the virus scanner could not scan it (clamd answered "INSTREAM size limit exceeded. ERROR"), 5 times. Check the file another way.',
      `Held for good: the virus scanner could not scan it (${CUT_OFF}), 5 times. Check the file another way.`,
    ]).toContain(why);

    // The admin sees why on the ticket; the client sees it held; nobody downloads it.
    const { agent } = await signedInAdmin(t.app, t.database);
    const adminView = await agent.get(`/api/admin/tickets/${first.body.id}`);
    expect(adminView.body.attachments).toEqual([
      expect.objectContaining({ filename: 'price-list.txt', status: 'unscannable', detail: why }),
    ]);
    const clientView = await asClient(t, alice, 'get', `/api/tickets/${first.body.id}`);
    expect(clientView.body.attachments).toEqual([
      expect.not.objectContaining({ detail: expect.anything() }),
    ]);
    expect(clientView.body.attachments[0].status).toBe('unscannable');
    const download = await asClient(t, alice, 'get', `/api/attachments/${held.id}`);
    expect(download.status).toBe(409);
    expect(download.body.message).toBe(ATTACHMENT_UNSCANNABLE);
  });
});
