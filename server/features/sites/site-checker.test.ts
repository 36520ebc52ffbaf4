import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  closedPort,
  createTestAuthority,
  daysFrom,
  endlessBody,
  startSilentServer,
  startSiteStandIn,
  type SiteStandIn,
} from '@tests/support/site-stand-ins';
import { projectRoot } from '../../lib/paths';
import type { SiteCheckResult, SiteToCheck } from './site-check';
import { createSiteChecker, sameSite } from './site-checker';

const USER_AGENT = 'site-checks-test';
const checker = (timeoutMs = 10_000, allowLoopback = true) =>
  createSiteChecker({ policy: { allowLoopback }, timeoutMs, userAgent: USER_AGENT });
const check = checker();
const strict = checker(10_000, false);
const redirect = (location: string, status = 302) =>
  ((_req, res) => res.writeHead(status, { location }).end()) satisfies Parameters<
    typeof startSiteStandIn
  >[0][string];

let site: SiteStandIn;
let status = 503;
const endless = endlessBody('<html><title>Huge</title><p>Open today</p>');

beforeAll(async () => {
  site = await startSiteStandIn({
    '/': (_req, res) =>
      res
        .writeHead(status, { 'content-type': 'text/html' })
        .end('<html><h1>Joe’s Grill</h1><p>Open today</p></html>'),
    '/hop1': redirect('/hop2', 301),
    '/hop2': redirect('/', 307),
    '/loop': redirect('/loop'),
    '/to-private': redirect('http://10.0.0.1/admin'),
    '/to-metadata': redirect('http://169.254.169.254/latest/meta-data/'),
    '/to-mapped': redirect('http://[::ffff:10.0.0.1]/'),
    '/to-ftp': redirect('ftp://127.0.0.1/'),
    '/not-modified': (_req, res) => res.writeHead(304).end(),
    '/huge': endless.handler,
  });
});
afterAll(async () => {
  await Promise.all([check.close(), strict.close(), site.close()]);
});

describe('an HTTP site', () => {
  it('fails while it answers 503, then recovers', async () => {
    status = 503;
    const down = await check({ url: `${site.origin}/`, keyword: null });
    expect(down).toMatchObject({
      ok: false,
      statusCode: 503,
      reason: 'HTTP 503',
      certificate: null,
    });
    expect(down.responseMs).toBeGreaterThanOrEqual(0);

    status = 200;
    const up = await check({ url: `${site.origin}/`, keyword: null });
    expect(up).toMatchObject({ ok: true, statusCode: 200, reason: null, certificate: null });
    expect(up.responseMs).toBeGreaterThanOrEqual(0);
  });

  it('looks for the keyword, as written (case counts), in what the page said', async () => {
    status = 200;
    expect(await check({ url: `${site.origin}/`, keyword: 'Open today' })).toMatchObject({
      ok: true,
      reason: null,
    });
    expect(await check({ url: `${site.origin}/`, keyword: 'open today' })).toMatchObject({
      ok: false,
      statusCode: 200,
      reason: 'Keyword “open today” not found',
    });
    expect(await check({ url: `${site.origin}/`, keyword: 'Closed' })).toMatchObject({
      ok: false,
      reason: 'Keyword “Closed” not found',
    });
  });

  it('follows redirects to the final answer, and a final 3xx counts as an answer', async () => {
    status = 200;
    expect(await check({ url: `${site.origin}/hop1`, keyword: 'Grill' })).toMatchObject({
      ok: true,
      statusCode: 200,
    });
    expect(await check({ url: `${site.origin}/not-modified`, keyword: null })).toMatchObject({
      ok: true,
      statusCode: 304,
    });
  });

  it('gives up on a redirect loop after 5 redirects', async () => {
    const before = site.requests.length;
    expect(await check({ url: `${site.origin}/loop`, keyword: null })).toEqual({
      ok: false,
      statusCode: null,
      responseMs: null,
      reason: 'More than 5 redirects',
      certificate: null,
    });
    // The first request and five redirects followed.
    expect(site.requests.length - before).toBe(6);
  });

  it('refuses a redirect to a private or metadata address without connecting to it', async () => {
    // Only loopback is allowed in tests: a connection to 10.0.0.1 would fail with another reason.
    expect(await check({ url: `${site.origin}/to-private`, keyword: null })).toMatchObject({
      ok: false,
      statusCode: null,
      reason: 'Refused to connect to a non-public address (10.0.0.1)',
    });
    expect(await check({ url: `${site.origin}/to-metadata`, keyword: null })).toMatchObject({
      ok: false,
      reason: 'Refused to connect to a non-public address (169.254.169.254)',
    });
    expect(await check({ url: `${site.origin}/to-mapped`, keyword: null })).toMatchObject({
      ok: false,
      reason: 'Refused to connect to a non-public address (::ffff:a00:1)',
    });
    expect(await check({ url: `${site.origin}/to-ftp`, keyword: null })).toMatchObject({
      ok: false,
      reason: 'Redirected to a ftp: address',
    });
  });

  it('never connects to loopback without the test-only switch, by address or by name', async () => {
    const before = site.requests.length;
    expect(await strict({ url: `${site.origin}/`, keyword: null })).toMatchObject({
      ok: false,
      reason: 'Refused to connect to a non-public address (127.0.0.1)',
    });
    expect(await strict({ url: `http://localhost:${site.port}/`, keyword: null })).toMatchObject({
      ok: false,
      reason: 'Refused to connect to a non-public address (127.0.0.1)',
    });
    expect(site.requests.length).toBe(before);
  });

  it('reads the first 2 MB of an endless answer, then lets go: the site answered', async () => {
    const result = await check({ url: `${site.origin}/huge`, keyword: 'Open today' });
    expect(result).toMatchObject({ ok: true, statusCode: 200, reason: null });
    expect(result.responseMs).toBeGreaterThanOrEqual(0);
    // The checker hung up long before the 5 GB were sent.
    await endless.closed;
    expect(endless.streamed.closedEarly).toBe(true);
    expect(endless.streamed.bytes).toBeLessThan(5 * 1024 ** 3);

    // A keyword past the cap is not seen.
    const tail = endlessBody(`<html>${'x'.repeat(3 * 1024 * 1024)}<p>Open today</p>`);
    const late = await startSiteStandIn({ '/': tail.handler });
    try {
      expect(await check({ url: `${late.origin}/`, keyword: 'Open today' })).toMatchObject({
        ok: false,
        statusCode: 200,
        reason: 'Keyword “Open today” not found',
      });
    } finally {
      await late.close();
    }
  });
});

describe('a site that cannot be reached', () => {
  it('ends at the deadline when the server accepts and never answers', async () => {
    const silent = await startSilentServer();
    const quick = checker(800);
    try {
      for (const url of [`http://127.0.0.1:${silent.port}/`, `https://localhost:${silent.port}/`]) {
        expect(await quick({ url, keyword: null })).toEqual({
          ok: false,
          statusCode: null,
          responseMs: null,
          reason: 'Did not answer in time',
          certificate: null,
        });
      }
      expect(silent.connections()).toBeGreaterThanOrEqual(2);
    } finally {
      await Promise.all([quick.close(), silent.close()]);
    }
  });

  it('says when the domain does not resolve or the server refuses the connection', async () => {
    expect(await check({ url: 'http://nosuch.invalid/', keyword: null })).toMatchObject({
      ok: false,
      reason: 'The domain does not resolve',
    });
    const port = await closedPort();
    expect(await check({ url: `http://127.0.0.1:${port}/`, keyword: null })).toMatchObject({
      ok: false,
      reason: 'The server refused the connection',
    });
  });

  it('says when the server does not speak TLS on an https address', async () => {
    const result = await check({ url: `https://127.0.0.1:${site.port}/`, keyword: null });
    expect(result).toMatchObject({ ok: false, statusCode: null, certificate: null });
    expect(result.reason).toMatch(/^The secure connection failed \(\w+\)$/);
  });

  it('answers with a reason, never an error, for an address that is not one', async () => {
    expect(await check({ url: 'not a url', keyword: null })).toMatchObject({
      ok: false,
      reason: 'This is not a web address',
    });
  });
});

describe('the https:// host an http:// site sends visitors to', () => {
  it("is the site's own when the same host or its www. form, either way", () => {
    expect(sameSite('bakery.example', 'bakery.example')).toBe(true);
    expect(sameSite('bakery.example', 'www.bakery.example')).toBe(true);
    expect(sameSite('WWW.bakery.example', 'bakery.example')).toBe(true);
    expect(sameSite('bakery.example', 'parking.example')).toBe(false);
    expect(sameSite('bakery.example', 'shop.bakery.example')).toBe(false);
  });
});

describe('an HTTPS site', () => {
  const now = new Date();
  let authority: Awaited<ReturnType<typeof createTestAuthority>>;
  let soon: SiteStandIn;
  let expired: SiteStandIn;
  let otherName: SiteStandIn;
  let toHttps: SiteStandIn;

  beforeAll(async () => {
    authority = await createTestAuthority();
    const page: Parameters<typeof startSiteStandIn>[0][string] = (_req, res) =>
      res.writeHead(200, { 'content-type': 'text/html' }).end('<p>Open today</p>');
    soon = await startSiteStandIn(
      { '/': page },
      { tls: await authority.issue({ validFrom: daysFrom(now, -85), validTo: daysFrom(now, 5) }) },
    );
    expired = await startSiteStandIn(
      { '/': page },
      { tls: await authority.issue({ validFrom: daysFrom(now, -90), validTo: daysFrom(now, -2) }) },
    );
    otherName = await startSiteStandIn(
      { '/': page },
      {
        tls: await authority.issue({
          validFrom: daysFrom(now, -1),
          validTo: daysFrom(now, 60),
          nameOnly: true,
        }),
      },
    );
    toHttps = await startSiteStandIn({ '/': redirect(`${soon.origin}/`, 301) });
  });
  afterAll(async () => {
    await Promise.all([soon, expired, otherName, toHttps].map((server) => server?.close()));
    authority?.remove();
  });

  /** Checks the sites in a process of its own, trusting the test's CA or not. */
  async function checkInChild(sites: SiteToCheck[], trustCa: boolean) {
    const env = { ...process.env };
    delete env.NODE_EXTRA_CA_CERTS;
    if (trustCa) env.NODE_EXTRA_CA_CERTS = authority.caFile;
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [
        '--import',
        'tsx',
        path.join(projectRoot, 'tests/support/check-sites-child.ts'),
        JSON.stringify(sites),
      ],
      { cwd: projectRoot, env, timeout: 60_000 },
    );
    return (JSON.parse(stdout) as SiteCheckResult[]).map((result) => ({
      ...result,
      certificate: result.certificate && {
        ...result.certificate,
        validFrom: new Date(result.certificate.validFrom),
        validTo: new Date(result.certificate.validTo),
      },
    }));
  }

  const closeTo = (actual: Date | undefined, expected: Date) =>
    expect(Math.abs((actual?.getTime() ?? 0) - expected.getTime())).toBeLessThan(60_000);

  it('reads a trusted certificate that expires in 5 days, its dates and validity', async () => {
    const [result, viaRedirect, wrongName, toOtherHost] = await checkInChild(
      [
        { url: `${soon.origin}/`, keyword: 'Open today' },
        { url: `http://localhost:${toHttps.port}/`, keyword: null },
        { url: `https://127.0.0.1:${otherName.port}/`, keyword: null },
        // 127.0.0.1 sends visitors to https://localhost: another host, not this site's.
        { url: `${toHttps.origin}/`, keyword: null },
      ],
      true,
    );
    expect(result).toMatchObject({
      ok: true,
      statusCode: 200,
      reason: null,
      certificate: { valid: true, error: null },
    });
    closeTo(result?.certificate?.validTo, daysFrom(now, 5));
    closeTo(result?.certificate?.validFrom, daysFrom(now, -85));
    // An http:// address that sends visitors to https:// is judged by that certificate.
    expect(viaRedirect).toMatchObject({ ok: true, certificate: { valid: true } });
    closeTo(viaRedirect?.certificate?.validTo, daysFrom(now, 5));
    expect(toOtherHost).toMatchObject({ ok: true, certificate: null });
    expect(wrongName).toMatchObject({
      ok: false,
      reason: 'The HTTPS certificate is not valid (issued for another name)',
      certificate: { valid: false, error: 'issued for another name' },
    });
  });

  it('still reads the dates of an expired certificate, and fails the check', async () => {
    const [result] = await checkInChild([{ url: `${expired.origin}/`, keyword: null }], true);
    expect(result).toMatchObject({
      ok: false,
      statusCode: null,
      reason: 'The HTTPS certificate is not valid (expired)',
      certificate: { valid: false, error: 'expired' },
    });
    closeTo(result?.certificate?.validTo, daysFrom(now, -2));
  });

  it('calls the certificate invalid when its authority is not trusted', async () => {
    const [result] = await checkInChild([{ url: `${soon.origin}/`, keyword: null }], false);
    expect(result).toMatchObject({
      ok: false,
      statusCode: null,
      reason: 'The HTTPS certificate is not valid (issued by an unknown authority)',
      certificate: { valid: false, error: 'issued by an unknown authority' },
    });
    closeTo(result?.certificate?.validTo, daysFrom(now, 5));

    // The same in this process, which does not trust the test's CA either: expired or not.
    const here = await check({ url: `${expired.origin}/`, keyword: null });
    expect(here).toMatchObject({ ok: false, certificate: { valid: false } });
    expect(here.reason).toMatch(/^The HTTPS certificate is not valid \(.+\)$/);
    closeTo(here.certificate?.validTo, daysFrom(now, -2));
  });
});
