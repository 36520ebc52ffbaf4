import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import type { MailedMessage } from './browser-session';

/** A real SMTP server on loopback that keeps what it receives, parsed. */
export interface SmtpSink {
  url: string;
  messages: ParsedMail[];
  /**
   * From now on every message is refused after its recipient is given, with this SMTP
   * answer (451: a temporary failure, as a full or overloaded server gives), until accept().
   */
  refuse(reply?: string): void;
  /** Takes messages again. */
  accept(): void;
  /** Messages refused so far. */
  refused: number;
  /** The recipients of each message refused so far, in order. */
  refusedTo: string[][];
  /** Waits until a message matching the predicate has arrived. */
  waitFor(predicate: (mail: ParsedMail) => boolean, timeoutMs?: number): Promise<ParsedMail>;
  close(): Promise<void>;
}

export async function startSmtpSink(): Promise<SmtpSink> {
  const messages: ParsedMail[] = [];
  let refusal: string | undefined;
  let refused = 0;
  const refusedTo: string[][] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      if (refusal !== undefined) {
        refused += 1;
        refusedTo.push(session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()));
        stream.resume();
        stream.on('end', () => callback(Object.assign(new Error(refusal), { responseCode: 451 })));
        return;
      }
      simpleParser(stream).then(
        (mail) => {
          messages.push(mail);
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    refuse(reply = 'Mailbox temporarily unavailable, try again later') {
      refusal = reply;
    },
    accept() {
      refusal = undefined;
    },
    get refused() {
      return refused;
    },
    refusedTo,
    async waitFor(predicate, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = messages.find(predicate);
        if (found) return found;
        if (Date.now() > deadline) throw new Error('the expected e-mail did not arrive');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * A reader of what the sink received, newest first, for `readOutboxOf`: the recipients'
 * mailboxes, where the codes and links that open an account are read while a mail server
 * delivers (the outbox hides them then).
 */
export function mailboxOf(sink: SmtpSink): () => Promise<MailedMessage[]> {
  return () =>
    Promise.resolve(
      sink.messages
        .map((mail, index) => ({
          id: mail.messageId ?? String(index),
          toAddress: [mail.to ?? []].flat()[0]?.value[0]?.address ?? '',
          subject: mail.subject ?? '',
          text: mail.text ?? '',
        }))
        .reverse(),
    );
}
