import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { AdminSite, SiteIncidentsPage } from '@shared/schemas/sites';
import { newClientAccount, signedInClient } from '../factories';
import { readOutboxOf } from '../support/browser-session';
import { pollUntil } from '../support/poll';
import { useProcessDatabase } from '../support/process-fixture';
import { adminCookie, startServerProcess } from '../support/server-process';
import { mailboxOf, startSmtpSink, type SmtpSink } from '../support/smtp-sink';

/**
 * The server as its own process, checking a website every 10 s, killed with SIGKILL while the
 * site fails (once between its two failures, once just after its incident opened) and started
 * again on the same database each time: the site ends with exactly one incident, one ticket,
 * and one pair of e-mails each way.
 */
const AGENCY = 'team@bayouweb.example';
const t = useProcessDatabase();
let sink: SmtpSink;
let website: http.Server;
const answer = { status: 200 };
let siteUrl: string;

beforeAll(async () => {
  sink = await startSmtpSink();
  website = http.createServer((_req, res) =>
    res.writeHead(answer.status, { 'content-type': 'text/html' }).end('<h1>Open today</h1>'),
  );
  await new Promise<void>((resolve) => website.listen(0, '127.0.0.1', resolve));
  siteUrl = `http://127.0.0.1:${(website.address() as AddressInfo).port}/`;
});
afterAll(async () => {
  await sink?.close();
  await new Promise((resolve) => website?.close(resolve));
});

it('opens one incident and sends one pair of e-mails each way across kill -9 and restarts', async () => {
  const env = {
    ...t.database.env,
    SITE_CHECK_INTERVAL_SECONDS: '10',
    OUTBOUND_ALLOW_LOOPBACK: 'true',
    SMTP_URL: sink.url,
    MAIL_RETRY_ATTEMPTS: '1',
  };
  let server = (t.server = await startServerProcess(env));
  let cookie = await adminCookie(server.baseUrl);
  const api = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${server.baseUrl}${path}`, {
      method,
      headers: { cookie, 'content-type': 'application/json', origin: server.baseUrl },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (res.status >= 400) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return res.json() as Promise<unknown>;
  };
  await api('PUT', '/api/admin/settings', {
    businessName: 'Bayou Web Works',
    businessEmail: AGENCY,
    businessPhone: '',
    businessCity: 'Lafayette',
    businessState: 'LA',
    businessWebsite: '',
  });
  // The sign-up's code is read from the mailbox it reached (the outbox hides it, as mail is sent).
  const account = newClientAccount();
  const stopReading = readOutboxOf(server.baseUrl, mailboxOf(sink));
  const client = await signedInClient(server.baseUrl, account);
  stopReading();
  const site = (await api('POST', `/api/admin/clients/${client.user.id}/sites`, {
    url: siteUrl,
  })) as AdminSite;
  const current = async () =>
    ((await api('GET', `/api/admin/clients/${client.user.id}/sites`)) as AdminSite[])[0]!;

  await pollUntil(current, (s) => s.status === 'up', 60_000);
  answer.status = 503;
  await pollUntil(current, (s) => s.consecutiveFailures === 1, 60_000);
  await server.kill('SIGKILL');

  server = t.server = await startServerProcess(env);
  cookie = await adminCookie(server.baseUrl);
  const down = await pollUntil(current, (s) => s.status === 'down', 60_000);
  expect(down.openIncident).toMatchObject({ reason: 'HTTP 503', endedAt: null });
  await sink.waitFor((mail) => mail.subject === 'Website down: 127.0.0.1', 30_000);
  await sink.waitFor((mail) => /Your website 127\.0\.0\.1 is down$/.test(mail.subject ?? ''));
  await server.kill('SIGKILL');

  // Down through the restart and a few more failed checks, then back.
  server = t.server = await startServerProcess(env);
  cookie = await adminCookie(server.baseUrl);
  await pollUntil(current, (s) => s.consecutiveFailures >= down.consecutiveFailures + 2, 60_000);
  answer.status = 200;
  const back = await pollUntil(current, (s) => s.status === 'up', 60_000);
  expect(back.openIncident).toBeNull();
  await sink.waitFor((mail) => mail.subject === 'Website back up: 127.0.0.1', 30_000);
  await sink.waitFor((mail) => /Your website 127\.0\.0\.1 is back up$/.test(mail.subject ?? ''));

  const incidents = (await api(
    'GET',
    `/api/admin/sites/${site.id}/incidents`,
  )) as SiteIncidentsPage;
  expect(incidents.total).toBe(1);
  expect(incidents.items[0]!.endedAt).not.toBeNull();
  const ticketList = (await api('GET', `/api/admin/tickets?client=${client.user.id}`)) as {
    total: number;
  };
  expect(ticketList.total).toBe(1);
  // The sign-up's own code went through the sink too: only the site's e-mails count here.
  const siteMails = sink.messages
    .map((mail) => (mail.subject ?? '').replace(/^\[#\d+\] /, '[#] '))
    .filter((subject) => subject.includes('127.0.0.1'))
    .sort();
  expect(siteMails).toEqual([
    'Website back up: 127.0.0.1',
    'Website down: 127.0.0.1',
    '[#] Your website 127.0.0.1 is back up',
    '[#] Your website 127.0.0.1 is down',
  ]);
}, 300_000);
