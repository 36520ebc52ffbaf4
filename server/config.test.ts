import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';
import { projectRoot } from './lib/paths';

describe('loadConfig', () => {
  it('.env.example names each variable once', () => {
    const names = readFileSync(path.join(projectRoot, '.env.example'), 'utf8')
      .split('\n')
      .map((line) => /^([A-Z][A-Z0-9_]*)=/.exec(line)?.[1])
      .filter((name) => name !== undefined);
    expect(names.length).toBeGreaterThan(20);
    expect(names.filter((name, index) => names.indexOf(name) !== index)).toEqual([]);
  });

  it('needs nothing: embedded database under ./data, port 5000, built-in provider', () => {
    const config = loadConfig({});
    expect(config.port).toBe(5000);
    expect(config.appUrl).toBe('http://localhost:5000');
    expect(config.database).toEqual({ dataDir: path.join(projectRoot, 'data') });
    expect(config.oidc).toBeUndefined();
    expect(config.sessions).toEqual({
      clientMaxAgeMs: 7 * 24 * 3600 * 1000,
      adminIdleMs: 30 * 60 * 1000,
      adminAbsoluteMs: 8 * 3600 * 1000,
    });
  });

  it('keeps idle connections 65 s and waits 66 s for headers, unless told otherwise', () => {
    expect(loadConfig({}).http).toEqual({ keepAliveTimeoutMs: 65_000, headersTimeoutMs: 66_000 });
    expect(
      loadConfig({ HTTP_KEEP_ALIVE_TIMEOUT_SECONDS: '120', HTTP_HEADERS_TIMEOUT_SECONDS: '121' })
        .http,
    ).toEqual({ keepAliveTimeoutMs: 120_000, headersTimeoutMs: 121_000 });
    expect(() => loadConfig({ HTTP_KEEP_ALIVE_TIMEOUT_SECONDS: '90' })).toThrow(
      'HTTP_HEADERS_TIMEOUT_SECONDS must be above HTTP_KEEP_ALIVE_TIMEOUT_SECONDS',
    );
  });

  it('treats empty values as unset, as in a copy of .env.example', () => {
    const config = loadConfig({
      DATABASE_URL: '',
      OIDC_ISSUER_URL: '',
      SESSION_SECRET: '',
      PORT: '',
    });
    expect(config.database).toEqual({ dataDir: path.join(projectRoot, 'data') });
    expect(config.port).toBe(5000);
  });

  it('follows PORT, APP_URL, DATABASE_URL and an external issuer', () => {
    const config = loadConfig({
      PORT: '8080',
      APP_URL: 'https://agency.example/',
      DATABASE_URL: 'postgres://u@db:5432/app',
      OIDC_ISSUER_URL: 'https://id.example',
      OIDC_CLIENT_ID: 'portal',
      OIDC_CLIENT_SECRET: 's3cret',
    });
    expect(config.appUrl).toBe('https://agency.example');
    expect(config.database).toEqual({ url: 'postgres://u@db:5432/app' });
    expect(config.oidc).toEqual({
      issuerUrl: 'https://id.example',
      clientId: 'portal',
      clientSecret: 's3cret',
    });
  });

  it('keeps attachments on disk under DATA_DIR, in S3 with S3_BUCKET, scanned with CLAMD_URL', () => {
    expect(loadConfig({ DATA_DIR: '/srv/app' }).attachments).toEqual({
      dir: '/srv/app/attachments',
      s3: undefined,
      clamd: undefined,
    });
    const config = loadConfig({
      S3_BUCKET: 'studio-files',
      S3_ENDPOINT: 'http://minio:9000',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: 'true',
      CLAMD_URL: 'tcp://clamav:3310',
    });
    expect(config.attachments.s3).toEqual({
      bucket: 'studio-files',
      endpoint: 'http://minio:9000',
      region: 'us-east-1',
      credentials: { accessKeyId: 'key', secretAccessKey: 'secret' },
      forcePathStyle: true,
    });
    expect(config.attachments.clamd).toEqual({ host: 'clamav', port: 3310, timeoutMs: 30_000 });
    expect(() => loadConfig({ CLAMD_URL: 'http://clamav:3310' })).toThrow(
      /CLAMD_URL: CLAMD_URL must be tcp:\/\/host:port/,
    );
    expect(() => loadConfig({ S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'key' })).toThrow(
      /S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together/,
    );
  });

  it('runs 16 site checks at once per process unless SITE_CHECK_CONCURRENCY says otherwise (1-256)', () => {
    expect(loadConfig({}).sites.concurrency).toBe(16);
    expect(loadConfig({ SITE_CHECK_CONCURRENCY: '64' }).sites.concurrency).toBe(64);
    expect(() => loadConfig({ SITE_CHECK_CONCURRENCY: '0' })).toThrow(/SITE_CHECK_CONCURRENCY/);
    expect(() => loadConfig({ SITE_CHECK_CONCURRENCY: '257' })).toThrow(/SITE_CHECK_CONCURRENCY/);
  });

  it('refuses invalid values with a message naming the variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ BILLING_TIMEZONE: 'America/Chicag' })).toThrow(
      /BILLING_TIMEZONE must be an IANA time zone/,
    );
    expect(() => loadConfig({ OIDC_ISSUER_URL: 'https://id.example' })).toThrow(
      /OIDC_CLIENT_ID and OIDC_CLIENT_SECRET/,
    );
    expect(() => loadConfig({ SESSION_SECRET: 'short' })).toThrow(
      /SESSION_SECRET must be at least 32 characters/,
    );
  });

  it('reads the support address and the resolvers that check inbound senders', () => {
    expect(loadConfig({}).support).toEqual({ email: undefined, dnsServers: [] });
    expect(loadConfig({ DNS_SERVERS: '', SUPPORT_EMAIL: '' }).support).toEqual({
      email: undefined,
      dnsServers: [],
    });
    expect(
      loadConfig({
        SUPPORT_EMAIL: 'help@agency.example',
        DNS_SERVERS: '127.0.0.1:5353, [::1]:53,9.9.9.9',
      }).support,
    ).toEqual({
      email: 'help@agency.example',
      dnsServers: ['127.0.0.1:5353', '[::1]:53', '9.9.9.9'],
    });
    expect(() => loadConfig({ DNS_SERVERS: '127.0.0.1:53;8.8.8.8' })).toThrow(
      /DNS_SERVERS is a comma-separated list of host:port/,
    );
    expect(() => loadConfig({ SUPPORT_EMAIL: 'support' })).toThrow(
      /SUPPORT_EMAIL must be an e-mail address/,
    );
  });

  it('reads inbound mail: the listener on 2525 by default, off with 0 or off', () => {
    expect(loadConfig({}).inbound).toMatchObject({
      smtp: { port: 2525, host: '127.0.0.1', tls: undefined },
      maxBytes: 25 * 1024 * 1024,
      imap: undefined,
      postmark: undefined,
      mailgun: undefined,
    });
    expect(loadConfig({ INBOUND_SMTP_PORT: 'off' }).inbound.smtp).toBeUndefined();
    expect(loadConfig({ INBOUND_SMTP_PORT: '0' }).inbound.smtp).toBeUndefined();
    expect(loadConfig({ SUPPORT_EMAIL: 'Help@Agency.test' }).support.email).toBe(
      'help@agency.test',
    );
    expect(loadConfig({ IMAP_URL: 'imaps://u:p@imap.example.com/INBOX' }).inbound.imap).toEqual({
      url: 'imaps://u:p@imap.example.com/INBOX',
      accessToken: undefined,
      pollSeconds: 60,
    });
    expect(() => loadConfig({ INBOUND_SMTP_PORT: 'smtp' })).toThrow(/INBOUND_SMTP_PORT/);
    expect(loadConfig({}).inbound.smtp?.trustedRelays).toEqual([]);
    expect(
      loadConfig({ INBOUND_SMTP_TRUSTED_RELAYS: ' 203.0.113.7, 10.0.0.0/8 ,2001:db8::/32' }).inbound
        .smtp?.trustedRelays,
    ).toEqual(['203.0.113.7', '10.0.0.0/8', '2001:db8::/32']);
    expect(() => loadConfig({ INBOUND_SMTP_TRUSTED_RELAYS: '10.0.0/8' })).toThrow(
      /INBOUND_SMTP_TRUSTED_RELAYS is a comma-separated list of IP addresses or CIDR ranges/,
    );
    expect(() => loadConfig({ IMAP_URL: 'https://imap.example.com' })).toThrow(
      /IMAP_URL must be imap:\/\/ or imaps:\/\//,
    );
    expect(() => loadConfig({ INBOUND_TLS_CERT: 'cert.pem' })).toThrow(
      /INBOUND_TLS_CERT and INBOUND_TLS_KEY go together/,
    );
    expect(() => loadConfig({ POSTMARK_INBOUND_USER: 'postmark' })).toThrow(
      /POSTMARK_INBOUND_USER and POSTMARK_INBOUND_PASSWORD go together/,
    );
  });

  it('lets outbound fetches reach loopback only when a test asks, under either name', () => {
    const test = { NODE_ENV: 'test' };
    expect(loadConfig(test).outbound).toEqual({ allowLoopback: false });
    expect(loadConfig({ ...test, OUTBOUND_ALLOW_LOOPBACK: 'true' }).outbound.allowLoopback).toBe(
      true,
    );
    expect(
      loadConfig({ ...test, LEAD_ANALYSIS_ALLOW_LOOPBACK: 'true' }).outbound.allowLoopback,
    ).toBe(true);
    // The new name wins over the earlier one.
    expect(
      loadConfig({
        ...test,
        OUTBOUND_ALLOW_LOOPBACK: 'false',
        LEAD_ANALYSIS_ALLOW_LOOPBACK: 'true',
      }).outbound.allowLoopback,
    ).toBe(false);
    expect(() => loadConfig({ ...test, OUTBOUND_ALLOW_LOOPBACK: 'yes' })).toThrow(
      /OUTBOUND_ALLOW_LOOPBACK/,
    );
    // NODE_ENV is production unless set.
    for (const env of [{ NODE_ENV: 'production' }, {}]) {
      for (const name of ['OUTBOUND_ALLOW_LOOPBACK', 'LEAD_ANALYSIS_ALLOW_LOOPBACK']) {
        expect(() => loadConfig({ ...env, [name]: 'true' })).toThrow(
          /OUTBOUND_ALLOW_LOOPBACK is for tests only and refused in production/,
        );
      }
    }
    expect(loadConfig({ OUTBOUND_ALLOW_LOOPBACK: 'false' }).outbound).toEqual({
      allowLoopback: false,
    });
  });
  it('seals agreements with the given .p12, or a certificate of its own when none is given', () => {
    expect(loadConfig({}).agreements).toEqual({
      files: {
        dir: path.join(projectRoot, 'data', 'agreements'),
        s3: undefined,
        keyPrefix: 'agreements/',
      },
      signingP12: undefined,
    });
    const p12 = Buffer.from([0x30, 0x82, 0x01, 0x02, 0xff]);
    const given = loadConfig({
      PROPOSAL_SIGNING_P12: `${p12.toString('base64')}\n`,
      PROPOSAL_SIGNING_P12_PASSWORD: 'open sesame',
    }).agreements.signingP12;
    expect(given?.p12.equals(p12)).toBe(true);
    expect(given?.passphrase).toBe('open sesame');
    expect(() => loadConfig({ PROPOSAL_SIGNING_P12: 'not base64!' })).toThrow(
      'PROPOSAL_SIGNING_P12',
    );
  });
});
