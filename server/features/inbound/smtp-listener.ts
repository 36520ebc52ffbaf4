import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import ipaddr from 'ipaddr.js';
import type { Logger } from 'pino';
import { SMTPServer } from 'smtp-server';
import type { Ingest } from './ingest';
import { MessageTooLargeError } from './raw-messages';

/** The most recipients one message may name (RFC 5321 asks a server to take at least 100). */
export const MAX_RECIPIENTS = 100;

export interface SmtpListenerOptions {
  port: number;
  host: string;
  /** The largest message taken (SIZE, and counted on the stream): 552 above it. */
  maxBytes: number;
  /** Connections served at once (smtp-server's maxClients): 421 past them. */
  maxClients: number;
  /** What one sending address may do in a minute: connect (then 421), send (then 450). */
  perAddressPerMinute: { connections: number; messages: number };
  /**
   * Addresses and CIDR ranges of relays that forward many people's mail from few addresses
   * (a smart host, a provider's forwarding): exempt from the per-address limits.
   */
  trustedRelays?: string[];
  /** PEM files for STARTTLS; without them STARTTLS is neither offered nor accepted. */
  tls?: { certFile: string; keyFile: string };
  /** Whether mail for this recipient is taken (the support address and its plus-addresses). */
  acceptsRecipient: (address: string) => Promise<boolean>;
  ingest: Ingest;
  logger: Logger;
}

/**
 * Why the listener could not start, in one line naming what to set: a port another process
 * holds (a second instance on the machine) or one this user may not bind (below 1024).
 */
export function smtpListenFailure(error: unknown, at: { host: string; port: number }): string {
  const code = (error as NodeJS.ErrnoException).code;
  const where = `${at.host}:${at.port}`;
  const choices =
    'set INBOUND_SMTP_PORT to a free port for this instance, or INBOUND_SMTP_PORT=off to run it without the SMTP listener';
  if (code === 'EADDRINUSE') {
    return `The inbound SMTP listener cannot start: ${where} is already in use (another instance?); ${choices}.`;
  }
  if (code === 'EACCES') {
    return `The inbound SMTP listener cannot start: this user may not listen on ${where} (ports below 1024 need CAP_NET_BIND_SERVICE, see docs/support-mail.md); ${choices}.`;
  }
  const reason = error instanceof Error ? error.message : String(error);
  return `The inbound SMTP listener cannot start on ${where} (${reason}); ${choices}.`;
}

/** An SMTP reply of ours, with its code and enhanced status code in the text. */
function reply(code: number, text: string): Error & { responseCode: number } {
  return Object.assign(new Error(text), { responseCode: code });
}

const MINUTE_MS = 60_000;
/** Past this many addresses counted, the ones whose minute is over are forgotten. */
const FORGET_ABOVE = 10_000;

/**
 * How often each remote address did something in its current minute, in this process: a
 * fixed window per address, enough to slow down a flood without a database write per command.
 */
function perMinuteCounter(limit: number) {
  const windows = new Map<string, { startedAt: number; count: number }>();
  return {
    /** Counts one more; false when that is past the limit for this minute. */
    hit(address: string): boolean {
      const now = Date.now();
      if (windows.size > FORGET_ABOVE) {
        for (const [key, window] of windows) {
          if (now - window.startedAt >= MINUTE_MS) windows.delete(key);
        }
      }
      let window = windows.get(address);
      if (!window || now - window.startedAt >= MINUTE_MS) {
        window = { startedAt: now, count: 0 };
        windows.set(address, window);
      }
      window.count += 1;
      return window.count <= limit;
    },
  };
}

/** An address as IPv6 (IPv4 as ::ffff:a.b.c.d), so one comparison serves both kinds. */
function asIPv6(address: ipaddr.IPv4 | ipaddr.IPv6): ipaddr.IPv6 {
  return address.kind() === 'ipv4'
    ? (address as ipaddr.IPv4).toIPv4MappedAddress()
    : (address as ipaddr.IPv6);
}

/** Whether an address is in one of the ranges (a bare address is a range of one). */
function addressMatcher(ranges: string[]): (address: string) => boolean {
  const parsed = ranges.map((range): [ipaddr.IPv6, number] => {
    const [base, bits] = range.includes('/')
      ? ipaddr.parseCIDR(range)
      : [ipaddr.parse(range), undefined];
    const ipv4 = base.kind() === 'ipv4';
    return [asIPv6(base), ipv4 ? 96 + (bits ?? 32) : (bits ?? 128)];
  });
  return (remote) =>
    parsed.length > 0 &&
    ipaddr.isValid(remote) &&
    parsed.some((range) => asIPv6(ipaddr.parse(remote)).match(range));
}

/**
 * The built-in SMTP listener for support mail (issue 27): a receiving server for one address,
 * never a relay. RCPT for any other address is refused with 550; a message is streamed into
 * the file store as it comes (never held in memory) and answered 250 only once it is stored,
 * 451 (the sender retries) when it cannot be. It has the limits every MTA has: connections at
 * once, connections and messages per sending address and minute (but for trusted relays),
 * recipients per message.
 */
export function createSmtpListener(options: SmtpListenerOptions) {
  const { maxBytes, acceptsRecipient, ingest, logger } = options;
  const tls = options.tls
    ? { key: fs.readFileSync(options.tls.keyFile), cert: fs.readFileSync(options.tls.certFile) }
    : undefined;
  const connections = perMinuteCounter(options.perAddressPerMinute.connections);
  const messages = perMinuteCounter(options.perAddressPerMinute.messages);
  const trusted = addressMatcher(options.trustedRelays ?? []);

  const server = new SMTPServer({
    banner: 'support mail',
    authOptional: true,
    // Nobody signs in to send: the listener only receives for the support address.
    disabledCommands: tls ? ['AUTH'] : ['AUTH', 'STARTTLS'],
    hideSTARTTLS: !tls,
    ...tls,
    size: maxBytes,
    maxClients: options.maxClients,
    logger: false,
    // A stalled sender holds no connection for ever.
    socketTimeout: 120_000,
    closeTimeout: 10_000,

    onConnect(session, callback) {
      if (trusted(session.remoteAddress) || connections.hit(session.remoteAddress)) {
        return callback();
      }
      callback(reply(421, '4.7.0 Too many connections from your address, try again later'));
    },

    onRcptTo(address, session, callback) {
      if (session.envelope.rcptTo.length >= MAX_RECIPIENTS) {
        callback(reply(452, `4.5.3 Too many recipients: at most ${MAX_RECIPIENTS} per message`));
        return;
      }
      acceptsRecipient(address.address).then(
        (accepted) => {
          if (!accepted) {
            callback(
              reply(550, `5.1.1 <${address.address}>: no such mailbox here (relaying denied)`),
            );
            return;
          }
          // A message counts once it has a recipient here: a relay passing on mail for other
          // addresses (refused with 550) uses up nothing of the support address's limit.
          const first = session.envelope.rcptTo.length === 0;
          if (first && !trusted(session.remoteAddress) && !messages.hit(session.remoteAddress)) {
            callback(reply(450, '4.7.1 Too many messages from your address, try again later'));
            return;
          }
          callback();
        },
        (error: unknown) => {
          logger.error({ err: error }, 'inbound SMTP: support address unavailable');
          callback(reply(451, '4.3.0 Temporary failure, please try again later'));
        },
      );
    },

    onData(stream, session, callback) {
      const { mailFrom, rcptTo } = session.envelope;
      ingest(
        stream,
        {
          via: 'smtp',
          envelopeFrom: mailFrom ? mailFrom.address || null : null,
          envelopeTo: rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
          remoteAddress: session.remoteAddress,
          helo: session.hostNameAppearsAs,
        },
        { maxBytes },
      ).then(
        ({ id }) => callback(null, `2.0.0 Stored as ${id}`),
        (error: unknown) => {
          // What the store did not take is still read to its end: the reply follows the DATA.
          if (!stream.readableEnded) stream.resume();
          if (error instanceof MessageTooLargeError || stream.sizeExceeded) {
            callback(reply(552, `5.3.4 Message too big: the limit is ${maxBytes} bytes`));
            return;
          }
          logger.error({ err: error }, 'inbound SMTP: message not stored, sender told to retry');
          callback(reply(451, '4.3.0 Temporary failure storing the message, try again later'));
        },
      );
    },
  });
  let started = false;
  // Before it listens, an error (the port taken) is the start's to report, in its one line.
  server.on('error', (error) => {
    if (started) logger.error({ err: error }, 'inbound SMTP error');
  });

  return {
    /** Starts listening; resolves with the port (the one chosen when 0 was asked). */
    listen(): Promise<number> {
      return new Promise((resolve, reject) => {
        const net = server.server;
        const failed = (error: Error) => reject(error);
        net.once('error', failed);
        server.listen(options.port, options.host, () => {
          started = true;
          net.off('error', failed);
          resolve((net.address() as AddressInfo).port);
        });
      });
    },
    /**
     * Stops taking connections and lets the messages under way finish (the library closes
     * what is left after its close timeout).
     */
    close(): Promise<void> {
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
export type SmtpListener = ReturnType<typeof createSmtpListener>;
