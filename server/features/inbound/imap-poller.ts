import type { Logger } from 'pino';
import type { Ingest } from './ingest';

export interface ImapPollerOptions {
  /** imaps://user:password@host:993/INBOX or imap://…; the path names the mailbox. */
  url: string;
  /** OAuth 2 access token (XOAUTH2), used instead of the URL's password (Microsoft 365). */
  accessToken?: string;
  ingest: Ingest;
  logger: Logger;
  /** Messages taken in one poll at most; the rest wait for the next. */
  batch?: number;
  /** Test only: accept a self-signed certificate. */
  allowSelfSigned?: boolean;
}

export interface PollResult {
  stored: number;
  duplicates: number;
}

/**
 * Polls a mailbox for support mail: every unseen message's raw source is stored through the
 * one door (ingest), and only then flagged \Seen. A connection that drops halfway leaves the
 * rest unseen for the next poll; a message stored but not yet flagged comes again and is
 * counted as a duplicate delivery (ingest keys on the Message-ID), never stored twice.
 */
export function createImapPoller({
  url,
  accessToken,
  ingest,
  logger,
  batch = 200,
  allowSelfSigned = false,
}: ImapPollerOptions) {
  const parsed = new URL(url);
  const secure = parsed.protocol === 'imaps:';
  const user = decodeURIComponent(parsed.username);
  const mailbox = decodeURIComponent(parsed.pathname.replace(/^\/+/, '')) || 'INBOX';

  return async function poll(): Promise<PollResult> {
    // Loaded when a mailbox is polled, not with every server that has none.
    const { ImapFlow } = await import('imapflow');
    const client = new ImapFlow({
      host: parsed.hostname,
      port: Number(parsed.port) || (secure ? 993 : 143),
      secure,
      auth: accessToken
        ? { user, accessToken }
        : { user, pass: decodeURIComponent(parsed.password) },
      logger: false,
      disableAutoIdle: true,
      connectionTimeout: 30_000,
      greetingTimeout: 15_000,
      socketTimeout: 120_000,
      tls: allowSelfSigned ? { rejectUnauthorized: false } : undefined,
    });
    // A dropped connection is reported here as well as to the command under way.
    client.on('error', (error: unknown) => logger.warn({ err: error }, 'IMAP connection error'));
    const result: PollResult = { stored: 0, duplicates: 0 };
    await client.connect();
    try {
      const lock = await client.getMailboxLock(mailbox);
      try {
        const unseen = (await client.search({ seen: false }, { uid: true })) || [];
        for (const uid of unseen.slice(0, batch)) {
          // BODY.PEEK[]: fetching the source does not mark the message seen by itself.
          const message = await client.fetchOne(String(uid), { source: true }, { uid: true });
          if (!message || !message.source) continue;
          const { duplicate } = await ingest(message.source, { via: 'imap' });
          if (duplicate) result.duplicates += 1;
          else result.stored += 1;
          await client.messageFlagsAdd(String(uid), ['\\Seen'], { uid: true });
        }
      } finally {
        lock.release();
      }
      await client.logout();
    } finally {
      client.close();
    }
    return result;
  };
}
export type ImapPoller = ReturnType<typeof createImapPoller>;
