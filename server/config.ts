import fs from 'node:fs';
import path from 'node:path';
import ipaddr from 'ipaddr.js';
import { z } from 'zod';
import { DEFAULT_TIME_ZONE, isTimeZone } from '@shared/dates';
import { projectRoot } from './lib/paths';

/** Every environment variable the server reads, parsed once. See .env.example. */
const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
    PORT: z.coerce.number().int().min(0).max(65_535).default(5000),
    HOST: z.string().min(1).default('0.0.0.0'),
    APP_URL: z.url({ protocol: /^https?$/ }).optional(),
    TRUST_PROXY: z
      .enum(['true', 'false'])
      .default('false')
      .transform((value) => value === 'true'),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    /** How long an idle keep-alive connection stays open: longer than any proxy in front keeps it. */
    HTTP_KEEP_ALIVE_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(65),
    /** How long a request's headers may take to arrive; above the keep-alive timeout. */
    HTTP_HEADERS_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(66),

    /** Server processes on this machine, each serving the same port (PostgreSQL only). */
    WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
    DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
    DATA_DIR: z.string().min(1).default('./data'),

    SESSION_SECRET: z.string().min(32, 'SESSION_SECRET must be at least 32 characters').optional(),
    CLIENT_SESSION_DAYS: z.coerce.number().positive().default(7),
    ADMIN_SESSION_IDLE_MINUTES: z.coerce.number().positive().default(30),
    ADMIN_SESSION_MAX_HOURS: z.coerce.number().positive().default(8),

    OIDC_ISSUER_URL: z.url().optional(),
    OIDC_CLIENT_ID: z.string().min(1).optional(),
    OIDC_CLIENT_SECRET: z.string().min(1).optional(),

    ADMIN_EMAIL: z.email().optional(),
    ADMIN_PASSWORD: z.string().min(8).optional(),
    ADMIN_SETUP_TOKEN: z
      .string()
      .min(16, 'ADMIN_SETUP_TOKEN must be at least 16 characters')
      .optional(),

    SMTP_URL: z
      .url({ protocol: /^smtps?$/, error: 'SMTP_URL must be smtp:// or smtps://' })
      .optional(),
    MAIL_FROM: z.string().min(3).optional(),
    /** Hand-overs of a message the mail server refused, the first included (1: no retries). */
    MAIL_RETRY_ATTEMPTS: z.coerce.number().int().min(1).max(10).default(5),
    /** The wait before the first retry; each later one waits about twice as long. */
    MAIL_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),

    /** The support address clients write to and answer (support+t_<token>@… per ticket). */
    SUPPORT_EMAIL: z.email('SUPPORT_EMAIL must be an e-mail address').optional(),
    /** Resolvers for DKIM, SPF and DMARC look-ups, e.g. 127.0.0.1:53,[::1]:53; default the system's. */
    DNS_SERVERS: z
      .string()
      .regex(
        /^\s*(\[[0-9a-fA-F:.]+\]|[0-9.]+|[A-Za-z0-9.-]+)(:\d{1,5})?(\s*,\s*(\[[0-9a-fA-F:.]+\]|[0-9.]+|[A-Za-z0-9.-]+)(:\d{1,5})?)*\s*$/,
        'DNS_SERVERS is a comma-separated list of host:port, e.g. 127.0.0.1:53',
      )
      .optional()
      .transform((list) => (list ? list.split(',').map((server) => server.trim()) : [])),
    /** The built-in SMTP listener for inbound mail: a port, or 0 / off for none. */
    INBOUND_SMTP_PORT: z
      .string()
      .regex(/^(off|\d{1,5})$/, 'INBOUND_SMTP_PORT is a port number, or 0 or off for none')
      .default('2525')
      .transform((value) => (value === 'off' ? 0 : Number(value)))
      .refine((port) => port <= 65_535, 'INBOUND_SMTP_PORT is at most 65535'),
    INBOUND_SMTP_HOST: z.string().min(1).default('127.0.0.1'),
    /** The largest message the listener and the webhooks take, in megabytes. */
    INBOUND_MAX_MB: z.coerce.number().positive().max(1024).default(25),
    /** E-mails read whole at once (checked and parsed): each holds a whole message. */
    INBOUND_PROCESSING_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(2),
    /** Connections the SMTP listener serves at once; past them, 421. */
    INBOUND_SMTP_MAX_CLIENTS: z.coerce.number().int().min(1).max(1000).default(20),
    /** Per sending address and minute: connections (then 421) and messages (then 450). */
    INBOUND_SMTP_CONNECTIONS_PER_MINUTE: z.coerce.number().int().min(1).max(10_000).default(60),
    INBOUND_SMTP_MESSAGES_PER_MINUTE: z.coerce.number().int().min(1).max(10_000).default(30),
    /** Relays (addresses, CIDR ranges) exempt from the per-address limits. */
    INBOUND_SMTP_TRUSTED_RELAYS: z
      .string()
      .optional()
      .transform((list) =>
        (list ?? '')
          .split(',')
          .map((range) => range.trim())
          .filter(Boolean),
      )
      .refine(
        (ranges) => ranges.every(isAddressOrRange),
        'INBOUND_SMTP_TRUSTED_RELAYS is a comma-separated list of IP addresses or CIDR ranges, e.g. 203.0.113.7,10.0.0.0/8',
      ),
    /** A certificate and key (PEM files) for STARTTLS; without them it is not offered. */
    INBOUND_TLS_CERT: z.string().min(1).optional(),
    INBOUND_TLS_KEY: z.string().min(1).optional(),
    /** A mailbox polled for support mail: imaps://user:password@host:993/INBOX. */
    IMAP_URL: z
      .url({ protocol: /^imaps?$/, error: 'IMAP_URL must be imap:// or imaps://' })
      .optional(),
    /** An OAuth 2 access token used instead of IMAP_URL's password (Microsoft 365). */
    IMAP_ACCESS_TOKEN: z.string().min(1).optional(),
    IMAP_POLL_SECONDS: z.coerce.number().int().min(5).max(3600).default(60),
    /** The user and password of the Postmark inbound webhook's URL (basic auth). */
    POSTMARK_INBOUND_USER: z.string().min(1).optional(),
    POSTMARK_INBOUND_PASSWORD: z.string().min(8).optional(),
    /** Mailgun's HTTP webhook signing key, which signs its inbound notifications. */
    MAILGUN_WEBHOOK_SIGNING_KEY: z.string().min(8).optional(),
    /**
     * How long a Mailgun notification may take to bring its signature: past it the connection
     * is dropped, so a slow sender cannot keep one of the few unverified places.
     */
    MAILGUN_SIGNATURE_WITHIN_SECONDS: z.coerce.number().int().min(1).max(600).default(60),

    RENEWAL_LEAD_DAYS: z.coerce.number().int().min(1).max(28).default(7),
    BILLING_RUN_CRON: z.string().min(9).default('0 6 * * *'),
    BILLING_TIMEZONE: z
      .string()
      .min(1)
      .refine(isTimeZone, 'BILLING_TIMEZONE must be an IANA time zone, e.g. America/Chicago')
      .default(DEFAULT_TIME_ZONE),

    /** Online payment (docs/payments.md): unset, invoices are paid as Settings instructs. */
    STRIPE_SECRET_KEY: z.string().startsWith('sk_', 'STRIPE_SECRET_KEY starts with sk_').optional(),
    STRIPE_WEBHOOK_SECRET: z
      .string()
      .startsWith('whsec_', 'STRIPE_WEBHOOK_SECRET starts with whsec_')
      .optional(),
    /** Stripe's API base URL: Stripe's own unless a stand-in (tests) or proxy is used. */
    STRIPE_API_URL: z.url({ protocol: /^https?$/ }).default('https://api.stripe.com'),
    /** Days after the due date that a declined renewal charge is tried again. */
    PAYMENT_RETRY_DAYS: z
      .string()
      .regex(/^\d{1,2}(,\d{1,2})*$/, 'PAYMENT_RETRY_DAYS is a list of days, e.g. 1,3,5')
      .default('1,3,5')
      .transform((list) => [...new Set(list.split(',').map(Number))].sort((a, b) => a - b)),
    /** How long a pay link works after it was last e-mailed (or put in a PDF). */
    PAY_LINK_DAYS: z.coerce
      .number({ error: 'PAY_LINK_DAYS is a number of days' })
      .int('PAY_LINK_DAYS is a whole number of days')
      .min(1, 'PAY_LINK_DAYS is at least 1')
      .max(365, 'PAY_LINK_DAYS is at most 365')
      .default(60),

    /**
     * The certificate signed proposals' agreements are sealed with (issue 38): a .p12, base64,
     * and its password. Unset: a self-signed one in the agency's name, made on first use.
     */
    PROPOSAL_SIGNING_P12: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9+/\s]+={0,2}$/, 'PROPOSAL_SIGNING_P12 is a .p12 file in base64')
      .optional(),
    PROPOSAL_SIGNING_P12_PASSWORD: z.string().default(''),

    /** Attachments go to S3-compatible storage when set, else to DATA_DIR/attachments. */
    S3_BUCKET: z.string().min(3).optional(),
    S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
    S3_REGION: z.string().min(1).default('us-east-1'),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    S3_FORCE_PATH_STYLE: z
      .enum(['true', 'false'])
      .default('false')
      .transform((value) => value === 'true'),
    /** ClamAV's daemon (tcp://host:3310); unset, attachments are stored unscanned. */
    CLAMD_URL: z.url({ protocol: /^tcp$/, error: 'CLAMD_URL must be tcp://host:port' }).optional(),
    CLAMD_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(300).default(30),

    LEAD_SOURCE: z.enum(['osm', 'google', 'sample']).default('osm'),
    OVERPASS_URL: z
      .url({ protocol: /^https?$/ })
      .default('https://overpass-api.de/api/interpreter'),
    /** How long one Overpass request may take before the search says so (retries aside). */
    OVERPASS_TIMEOUT_SECONDS: z.coerce.number().int().min(5).max(180).default(30),
    GOOGLE_PLACES_API_KEY: z.string().min(1).optional(),
    GOOGLE_PLACES_URL: z.url({ protocol: /^https?$/ }).default('https://places.googleapis.com'),
    LEAD_ANALYSIS_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(16),
    /**
     * Test and benchmark only: lets the website analyser and the site checks reach servers on
     * loopback. LEAD_ANALYSIS_ALLOW_LOOPBACK is its earlier name, still read.
     */
    OUTBOUND_ALLOW_LOOPBACK: z.enum(['true', 'false']).optional(),
    LEAD_ANALYSIS_ALLOW_LOOPBACK: z.enum(['true', 'false']).optional(),

    /** Site care: how often each site is checked, and how many failures in a row make it down. */
    SITE_CHECK_INTERVAL_SECONDS: z.coerce.number().int().min(10).max(86_400).default(300),
    SITE_CHECK_FAILURES_BEFORE_DOWN: z.coerce.number().int().min(1).max(20).default(2),
    /** How long one check may take in all (connect, answer, body). */
    SITE_CHECK_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(60).default(15),
    /** Checks one process runs at once (each holds a socket and, to record it, a connection). */
    SITE_CHECK_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(16),
    /** An RDAP server for every domain; unset: IANA's bootstrap file finds each TLD's server. */
    RDAP_URL: z.url({ protocol: /^https?$/ }).optional(),
    RDAP_BOOTSTRAP_URL: z
      .url({ protocol: /^https?$/ })
      .default('https://data.iana.org/rdap/dns.json'),
    /** When the monthly reports are made (cron, in BILLING_TIMEZONE): the 1st at 7:00. */
    REPORT_RUN_CRON: z.string().min(9).default('0 7 1 * *'),
  })
  .refine((env) => env.HTTP_HEADERS_TIMEOUT_SECONDS > env.HTTP_KEEP_ALIVE_TIMEOUT_SECONDS, {
    message: 'HTTP_HEADERS_TIMEOUT_SECONDS must be above HTTP_KEEP_ALIVE_TIMEOUT_SECONDS',
    path: ['HTTP_HEADERS_TIMEOUT_SECONDS'],
  })
  .refine((env) => env.LEAD_SOURCE !== 'google' || env.GOOGLE_PLACES_API_KEY, {
    message: 'GOOGLE_PLACES_API_KEY is required when LEAD_SOURCE=google',
    path: ['LEAD_SOURCE'],
  })
  .refine((env) => !allowsLoopback(env) || env.NODE_ENV !== 'production', {
    message: 'OUTBOUND_ALLOW_LOOPBACK is for tests only and refused in production',
    path: ['OUTBOUND_ALLOW_LOOPBACK'],
  })
  .refine((env) => !env.OIDC_ISSUER_URL || (env.OIDC_CLIENT_ID && env.OIDC_CLIENT_SECRET), {
    message: 'OIDC_CLIENT_ID and OIDC_CLIENT_SECRET are required when OIDC_ISSUER_URL is set',
    path: ['OIDC_ISSUER_URL'],
  })
  .refine((env) => env.WEB_CONCURRENCY === 1 || env.DATABASE_URL, {
    message: 'WEB_CONCURRENCY above 1 needs DATABASE_URL: the embedded database allows one process',
    path: ['WEB_CONCURRENCY'],
  })
  .refine((env) => !env.STRIPE_SECRET_KEY || env.STRIPE_WEBHOOK_SECRET, {
    message:
      'STRIPE_WEBHOOK_SECRET is required with STRIPE_SECRET_KEY: payments are recorded from webhooks',
    path: ['STRIPE_WEBHOOK_SECRET'],
  })
  .refine((env) => Boolean(env.S3_ACCESS_KEY_ID) === Boolean(env.S3_SECRET_ACCESS_KEY), {
    message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together',
    path: ['S3_ACCESS_KEY_ID'],
  })
  .refine((env) => Boolean(env.INBOUND_TLS_CERT) === Boolean(env.INBOUND_TLS_KEY), {
    message: 'INBOUND_TLS_CERT and INBOUND_TLS_KEY go together',
    path: ['INBOUND_TLS_CERT'],
  })
  .refine((env) => Boolean(env.POSTMARK_INBOUND_USER) === Boolean(env.POSTMARK_INBOUND_PASSWORD), {
    message: 'POSTMARK_INBOUND_USER and POSTMARK_INBOUND_PASSWORD go together',
    path: ['POSTMARK_INBOUND_USER'],
  })
  .refine((env) => Boolean(env.ADMIN_EMAIL) === Boolean(env.ADMIN_PASSWORD), {
    message: 'ADMIN_EMAIL and ADMIN_PASSWORD go together',
    path: ['ADMIN_EMAIL'],
  });

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /** Public origin of the app, without a trailing slash. */
  appUrl: string;
  trustProxy: boolean;
  logLevel: string;
  /** The web server's connection timeouts (server/lib/web-server.ts). */
  http: { keepAliveTimeoutMs: number; headersTimeoutMs: number };
  /** How many server processes share the port (node:cluster); 1 runs no primary. */
  workers: number;
  database: { url: string } | { dataDir: string };
  sessionSecret: string | undefined;
  sessions: {
    clientMaxAgeMs: number;
    adminIdleMs: number;
    adminAbsoluteMs: number;
  };
  /** External OpenID provider; undefined means the built-in one. */
  oidc: { issuerUrl: string; clientId: string; clientSecret: string } | undefined;
  initialAdmin: { email: string; password: string } | undefined;
  adminSetupToken: string | undefined;
  /** SMTP_URL unset: every message is kept in the outbox table instead of sent. */
  mail: {
    smtpUrl: string | undefined;
    from: string | undefined;
    /** A refused message is tried `attempts` times in all, waiting longer each time. */
    retry: { attempts: number; delaySeconds: number };
  };
  /** Mail about tickets: the support address and the resolvers that check who sent a message. */
  support: {
    /** SUPPORT_EMAIL, or undefined for the business e-mail of the settings. */
    email: string | undefined;
    /** Empty: the system's resolvers. */
    dnsServers: string[];
  };
  /** Mail coming in for the support address (docs/support-mail.md). */
  inbound: {
    /** The built-in SMTP listener; undefined: none (INBOUND_SMTP_PORT=0 or off). */
    smtp:
      | {
          port: number;
          host: string;
          tls: { certFile: string; keyFile: string } | undefined;
          /** Connections served at once. */
          maxClients: number;
          /** What one sending address may do in a minute. */
          perAddressPerMinute: { connections: number; messages: number };
          /** Addresses and CIDR ranges exempt from those limits. */
          trustedRelays: string[];
        }
      | undefined;
    maxBytes: number;
    /** How many messages are read whole (checked, parsed) at once. */
    processingConcurrency: number;
    /**
     * Where the raw messages are kept: DATA_DIR/inbound-mail, or the attachments' bucket under
     * `inbound-mail/` when S3_BUCKET is set (the folder then only spools arriving messages).
     */
    rawStore: { dir: string; s3: S3Config | undefined; keyPrefix: string };
    /** A mailbox polled with IMAP; undefined: none. */
    imap: { url: string; accessToken: string | undefined; pollSeconds: number } | undefined;
    postmark: { user: string; password: string } | undefined;
    /** Mailgun's signing key, and how long a notification may take to bring its signature. */
    mailgun: { signingKey: string; signatureWithinMs: number } | undefined;
  };
  billing: {
    /** Days before a period ends that the next month's invoice is made. */
    renewalLeadDays: number;
    /** When the daily lifecycle run happens (cron, in `timezone`). */
    runCron: string;
    timezone: string;
  };
  /** Undefined: online payment is off (no pay buttons; the settings' instructions instead). */
  stripe: { secretKey: string; webhookSecret: string; apiUrl: string } | undefined;
  payments: {
    /** Days after the due date that a declined renewal charge is tried again. */
    retryDays: number[];
    /** How long a pay link works after it was last handed out. */
    payLinkDays: number;
  };
  attachments: {
    /** Where the files go without S3: DATA_DIR/attachments. */
    dir: string;
    /** Set with S3_BUCKET: the files go to that bucket instead. */
    s3: S3Config | undefined;
    /** Set with CLAMD_URL: every file is scanned before it is kept. */
    clamd: { host: string; port: number; timeoutMs: number } | undefined;
  };
  /**
   * The business's own files (the logo on the PDFs): DATA_DIR/brand, or the attachments'
   * bucket under `brand/` when S3_BUCKET is set.
   */
  brandFiles: { dir: string; s3: S3Config | undefined; keyPrefix: string };
  /**
   * The landing page's uploaded images, resized: DATA_DIR/site-images, or the `site-images/`
   * prefix of the S3 bucket when S3_BUCKET is set.
   */
  siteImages: { dir: string; s3: S3Config | undefined; keyPrefix: string };
  /**
   * Proposals' sealed agreements (issue 38): DATA_DIR/agreements, or the `agreements/` prefix
   * of the S3 bucket; sealed with the given .p12, or (undefined) a self-signed certificate.
   */
  agreements: {
    files: { dir: string; s3: S3Config | undefined; keyPrefix: string };
    signingP12: { p12: Buffer; passphrase: string } | undefined;
  };
  /** What the product may connect to when it fetches a website (analyser and site checks). */
  outbound: { allowLoopback: boolean };
  sites: {
    intervalSeconds: number;
    failuresBeforeDown: number;
    timeoutMs: number;
    /** Checks running at once in each process. */
    concurrency: number;
    /** Set: every domain is asked there; unset, the bootstrap file names each TLD's server. */
    rdapUrl: string | undefined;
    rdapBootstrapUrl: string;
  };
  reports: { runCron: string };
  leads: {
    source: 'osm' | 'google' | 'sample';
    overpassUrl: string;
    overpassTimeoutMs: number;
    google: { apiKey: string; url: string } | undefined;
    analysisConcurrency: number;
  };
}

export interface S3Config {
  bucket: string;
  /** Unset: AWS's own endpoint for the region. */
  endpoint: string | undefined;
  region: string;
  /** Unset: the SDK's default credentials (instance role, ~/.aws). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  forcePathStyle: boolean;
}

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty value (e.g. `DATABASE_URL=` copied from .env.example) means "not set".
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = EnvSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const appUrl = (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    appUrl,
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    http: {
      keepAliveTimeoutMs: e.HTTP_KEEP_ALIVE_TIMEOUT_SECONDS * 1000,
      headersTimeoutMs: e.HTTP_HEADERS_TIMEOUT_SECONDS * 1000,
    },
    workers: e.WEB_CONCURRENCY,
    database: e.DATABASE_URL
      ? { url: e.DATABASE_URL }
      : { dataDir: path.resolve(projectRoot, e.DATA_DIR) },
    sessionSecret: e.SESSION_SECRET,
    sessions: {
      clientMaxAgeMs: e.CLIENT_SESSION_DAYS * 24 * 60 * 60 * 1000,
      adminIdleMs: e.ADMIN_SESSION_IDLE_MINUTES * 60 * 1000,
      adminAbsoluteMs: e.ADMIN_SESSION_MAX_HOURS * 60 * 60 * 1000,
    },
    oidc:
      e.OIDC_ISSUER_URL && e.OIDC_CLIENT_ID && e.OIDC_CLIENT_SECRET
        ? {
            issuerUrl: e.OIDC_ISSUER_URL,
            clientId: e.OIDC_CLIENT_ID,
            clientSecret: e.OIDC_CLIENT_SECRET,
          }
        : undefined,
    initialAdmin:
      e.ADMIN_EMAIL && e.ADMIN_PASSWORD
        ? { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD }
        : undefined,
    adminSetupToken: e.ADMIN_SETUP_TOKEN,
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM,
      retry: { attempts: e.MAIL_RETRY_ATTEMPTS, delaySeconds: e.MAIL_RETRY_DELAY_SECONDS },
    },
    support: { email: e.SUPPORT_EMAIL?.toLowerCase(), dnsServers: e.DNS_SERVERS },
    inbound: {
      smtp:
        e.INBOUND_SMTP_PORT === 0
          ? undefined
          : {
              port: e.INBOUND_SMTP_PORT,
              host: e.INBOUND_SMTP_HOST,
              tls:
                e.INBOUND_TLS_CERT && e.INBOUND_TLS_KEY
                  ? {
                      certFile: path.resolve(projectRoot, e.INBOUND_TLS_CERT),
                      keyFile: path.resolve(projectRoot, e.INBOUND_TLS_KEY),
                    }
                  : undefined,
              maxClients: e.INBOUND_SMTP_MAX_CLIENTS,
              perAddressPerMinute: {
                connections: e.INBOUND_SMTP_CONNECTIONS_PER_MINUTE,
                messages: e.INBOUND_SMTP_MESSAGES_PER_MINUTE,
              },
              trustedRelays: e.INBOUND_SMTP_TRUSTED_RELAYS,
            },
      maxBytes: Math.round(e.INBOUND_MAX_MB * 1024 * 1024),
      processingConcurrency: e.INBOUND_PROCESSING_CONCURRENCY,
      rawStore: {
        dir: path.resolve(projectRoot, e.DATA_DIR, 'inbound-mail'),
        s3: s3Config(e),
        keyPrefix: 'inbound-mail/',
      },
      imap: e.IMAP_URL
        ? { url: e.IMAP_URL, accessToken: e.IMAP_ACCESS_TOKEN, pollSeconds: e.IMAP_POLL_SECONDS }
        : undefined,
      postmark:
        e.POSTMARK_INBOUND_USER && e.POSTMARK_INBOUND_PASSWORD
          ? { user: e.POSTMARK_INBOUND_USER, password: e.POSTMARK_INBOUND_PASSWORD }
          : undefined,
      mailgun: e.MAILGUN_WEBHOOK_SIGNING_KEY
        ? {
            signingKey: e.MAILGUN_WEBHOOK_SIGNING_KEY,
            signatureWithinMs: e.MAILGUN_SIGNATURE_WITHIN_SECONDS * 1000,
          }
        : undefined,
    },
    billing: {
      renewalLeadDays: e.RENEWAL_LEAD_DAYS,
      runCron: e.BILLING_RUN_CRON,
      timezone: e.BILLING_TIMEZONE,
    },
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
        ? {
            secretKey: e.STRIPE_SECRET_KEY,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET,
            apiUrl: e.STRIPE_API_URL,
          }
        : undefined,
    payments: { retryDays: e.PAYMENT_RETRY_DAYS, payLinkDays: e.PAY_LINK_DAYS },
    brandFiles: {
      dir: path.resolve(projectRoot, e.DATA_DIR, 'brand'),
      s3: s3Config(e),
      keyPrefix: 'brand/',
    },
    attachments: {
      dir: path.resolve(projectRoot, e.DATA_DIR, 'attachments'),
      s3: s3Config(e),
      clamd: e.CLAMD_URL
        ? {
            host: new URL(e.CLAMD_URL).hostname,
            port: Number(new URL(e.CLAMD_URL).port || 3310),
            timeoutMs: e.CLAMD_TIMEOUT_SECONDS * 1000,
          }
        : undefined,
    },
    siteImages: {
      dir: path.resolve(projectRoot, e.DATA_DIR, 'site-images'),
      s3: s3Config(e),
      keyPrefix: 'site-images/',
    },
    agreements: {
      files: {
        dir: path.resolve(projectRoot, e.DATA_DIR, 'agreements'),
        s3: s3Config(e),
        keyPrefix: 'agreements/',
      },
      signingP12: e.PROPOSAL_SIGNING_P12
        ? {
            p12: Buffer.from(e.PROPOSAL_SIGNING_P12.replace(/\s+/g, ''), 'base64'),
            passphrase: e.PROPOSAL_SIGNING_P12_PASSWORD,
          }
        : undefined,
    },
    leads: {
      source: e.LEAD_SOURCE,
      overpassUrl: e.OVERPASS_URL,
      overpassTimeoutMs: e.OVERPASS_TIMEOUT_SECONDS * 1000,
      google: e.GOOGLE_PLACES_API_KEY
        ? { apiKey: e.GOOGLE_PLACES_API_KEY, url: e.GOOGLE_PLACES_URL }
        : undefined,
      analysisConcurrency: e.LEAD_ANALYSIS_CONCURRENCY,
    },
    outbound: { allowLoopback: allowsLoopback(e) },
    sites: {
      intervalSeconds: e.SITE_CHECK_INTERVAL_SECONDS,
      failuresBeforeDown: e.SITE_CHECK_FAILURES_BEFORE_DOWN,
      timeoutMs: e.SITE_CHECK_TIMEOUT_SECONDS * 1000,
      concurrency: e.SITE_CHECK_CONCURRENCY,
      rdapUrl: e.RDAP_URL?.replace(/\/+$/, ''),
      rdapBootstrapUrl: e.RDAP_BOOTSTRAP_URL,
    },
    reports: { runCron: e.REPORT_RUN_CRON },
  };
}

/** The bucket of S3_BUCKET, for the attachments and the raw support e-mails; unset: none. */
/** An IP address (IPv4 in its four-part form) or a CIDR range of either kind. */
function isAddressOrRange(value: string): boolean {
  const [address, bits] = value.split('/');
  if (!address || !(ipaddr.IPv4.isValidFourPartDecimal(address) || ipaddr.IPv6.isValid(address))) {
    return false;
  }
  return bits === undefined || ipaddr.isValidCIDR(value);
}

function s3Config(e: z.infer<typeof EnvSchema>): S3Config | undefined {
  return e.S3_BUCKET
    ? {
        bucket: e.S3_BUCKET,
        endpoint: e.S3_ENDPOINT,
        region: e.S3_REGION,
        credentials:
          e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
            ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
            : undefined,
        forcePathStyle: e.S3_FORCE_PATH_STYLE,
      }
    : undefined;
}

/** OUTBOUND_ALLOW_LOOPBACK, or its earlier name when it is unset. */
function allowsLoopback(env: {
  OUTBOUND_ALLOW_LOOPBACK?: 'true' | 'false' | undefined;
  LEAD_ANALYSIS_ALLOW_LOOPBACK?: 'true' | 'false' | undefined;
}): boolean {
  return (env.OUTBOUND_ALLOW_LOOPBACK ?? env.LEAD_ANALYSIS_ALLOW_LOOPBACK) === 'true';
}

/** Reads ./.env into the environment when the file exists (variables already set win). */
export function loadEnvFile(): void {
  const file = path.join(projectRoot, '.env');
  if (fs.existsSync(file)) process.loadEnvFile(file);
}

/**
 * bcrypt's work factors: a password at least 12 (about a quarter of a second per hash), a
 * one-time code 10 (it lives minutes; guessing its million values offline at this cost takes
 * longer). Under NODE_ENV=test, bcrypt's least (4), as Rails' `SecurePassword.min_cost` does
 * in its tests: a sign-in then costs the test suites milliseconds, not half a second of CPU.
 */
export function passwordHashCosts(env: NodeJS.ProcessEnv = process.env) {
  return env.NODE_ENV === 'test'
    ? { password: 4, oneTimeCode: 4 }
    : { password: 12, oneTimeCode: 10 };
}

/** Test databases: TEST_DATABASE_URL selects a real PostgreSQL for the API suite. */
export function testDatabaseUrl(env: NodeJS.ProcessEnv = process.env): string | undefined {
  return env.TEST_DATABASE_URL || undefined;
}
