import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRdapStandIn, type RdapStandIn } from '@tests/support/rdap-stand-in';
import { startSiteStandIn } from '@tests/support/site-stand-ins';
import { createRdapClient } from './rdap';

const policy = { allowLoopback: true };
let rdap: RdapStandIn;
let clock = new Date('2026-11-25T12:00:00Z');
const clients: { close(): Promise<void> }[] = [];

function client(options: { rdapUrl?: string; bootstrapUrl?: string } = {}) {
  const made = createRdapClient({
    bootstrapUrl: rdap.bootstrapUrl,
    policy,
    timeoutMs: 5000,
    userAgent: 'rdap-test',
    now: () => clock,
    ...options,
  });
  clients.push(made);
  return made;
}
const bootstrapRequests = () => rdap.requests.filter((r) => r.path === '/dns.json').length;

beforeAll(async () => {
  rdap = await startRdapStandIn({
    tlds: ['com', 'net'],
    domains: {
      'joesgrill.com': { expiresAt: '2027-03-14T04:00:00Z' },
      'bayoubakery.net': { expiresAt: null },
      'broken.com': { status: 500 },
    },
  });
});
afterAll(async () => {
  await Promise.all(clients.map((made) => made.close()));
  await rdap.close();
});

describe('RDAP through the bootstrap file', () => {
  it("reads the registrable domain's expiry, asking for RDAP's JSON", async () => {
    const lookUp = client();
    expect(await lookUp('www.shop.joesgrill.com')).toEqual(new Date('2027-03-14T04:00:00Z'));
    expect(rdap.requests.at(-1)).toEqual({
      path: '/rdap/domain/joesgrill.com',
      accept: 'application/rdap+json, application/json',
    });
  });

  it('fetches the bootstrap file once, and again after a day', async () => {
    const lookUp = client();
    const before = bootstrapRequests();
    await Promise.all([
      lookUp('joesgrill.com'),
      lookUp('JOESGRILL.COM'),
      lookUp('bayoubakery.net'),
    ]);
    await lookUp('joesgrill.com');
    expect(bootstrapRequests() - before).toBe(1);
    clock = new Date(clock.getTime() + 25 * 3600 * 1000);
    await lookUp('joesgrill.com');
    expect(bootstrapRequests() - before).toBe(2);
  });

  it('answers null when the TLD has no RDAP server or the domain no expiration event', async () => {
    const lookUp = client();
    expect(await lookUp('joes.co.uk')).toBeNull();
    expect(await lookUp('bayoubakery.net')).toBeNull();
    expect(await lookUp('127.0.0.1')).toBeNull();
    expect(await lookUp('[2606:4700::1111]')).toBeNull();
    expect(await lookUp('localhost')).toBeNull();
    expect(rdap.requests.some((r) => r.path.includes('co.uk'))).toBe(false);
  });

  it('throws, saying why, when the registry answers 404 or 500', async () => {
    const lookUp = client();
    await expect(lookUp('unknown.com')).rejects.toThrow(
      'The RDAP lookup of unknown.com failed: HTTP 404',
    );
    await expect(lookUp('broken.com')).rejects.toThrow(
      'The RDAP lookup of broken.com failed: HTTP 500',
    );
  });

  it('throws while it has no bootstrap file, and keeps the copy it has when one fails', async () => {
    let up = false;
    const iana = await startSiteStandIn({
      '/dns.json': (_req, res) =>
        up
          ? res
              .writeHead(200, { 'content-type': 'application/json' })
              .end(JSON.stringify({ services: [[['com'], [`${rdap.rdapUrl}/`]]] }))
          : res.writeHead(503).end(),
    });
    const expiry = new Date('2027-03-14T04:00:00Z');
    try {
      const lookUp = client({ bootstrapUrl: `${iana.origin}/dns.json` });
      await expect(lookUp('joesgrill.com')).rejects.toThrow(
        /^Reading the RDAP bootstrap file \(http:.+\/dns\.json\) failed: HTTP 503$/,
      );
      up = true;
      // Not asked again by every lookup: a few minutes pass first.
      await expect(lookUp('joesgrill.com')).rejects.toThrow(/HTTP 503/);
      expect(iana.requests).toEqual(['/dns.json']);
      clock = new Date(clock.getTime() + 6 * 60 * 1000);
      expect(await lookUp('joesgrill.com')).toEqual(expiry);
      expect(iana.requests).toHaveLength(2);

      // A day later the refresh fails: the copy in hand still serves.
      up = false;
      clock = new Date(clock.getTime() + 25 * 3600 * 1000);
      expect(await lookUp('joesgrill.com')).toEqual(expiry);
      expect(iana.requests).toHaveLength(3);
    } finally {
      await iana.close();
    }
  });

  it('never reaches a server on a non-public address', async () => {
    const strict = createRdapClient({
      bootstrapUrl: rdap.bootstrapUrl,
      policy: { allowLoopback: false },
      timeoutMs: 5000,
      userAgent: 'rdap-test',
    });
    clients.push(strict);
    const before = rdap.requests.length;
    await expect(strict('joesgrill.com')).rejects.toThrow(
      'failed: Refused to connect to a non-public address (127.0.0.1)',
    );
    expect(rdap.requests.length).toBe(before);
  });
});

describe('RDAP_URL', () => {
  it('asks that server for every domain, without the bootstrap file', async () => {
    const lookUp = client({ rdapUrl: rdap.rdapUrl, bootstrapUrl: 'http://127.0.0.1:9/dns.json' });
    rdap.domains['joes.co.uk'] = { expiresAt: '2027-06-01T00:00:00Z' };
    const before = bootstrapRequests();
    expect(await lookUp('www.joes.co.uk')).toEqual(new Date('2027-06-01T00:00:00Z'));
    expect(await lookUp('joesgrill.com')).toEqual(new Date('2027-03-14T04:00:00Z'));
    await expect(lookUp('unknown.org')).rejects.toThrow('HTTP 404');
    expect(bootstrapRequests()).toBe(before);
    delete rdap.domains['joes.co.uk'];
  });
});
