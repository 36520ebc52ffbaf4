import type { ParsedMail } from 'mailparser';
import type { TicketRow } from '../../db/schema';
import { replyTokenOf, ticketIdOfRootMessageId } from '../tickets/ticket-mail';
import type { InboundRepository } from './inbound.repository';

/** How the ticket was found, for the log's detail. */
export type ThreadedBy = 'token' | 'in-reply-to' | 'subject';

export interface Thread {
  ticket: TicketRow;
  by: ThreadedBy;
}

const addresses = (field: ParsedMail['to']): string[] =>
  (Array.isArray(field) ? field : field ? [field] : []).flatMap((list) =>
    list.value.flatMap((entry) => [
      entry.address ?? '',
      ...(entry.group ?? []).map((g) => g.address ?? ''),
    ]),
  );

function headerValues(mail: ParsedMail, name: string): string[] {
  return mail.headerLines
    .filter((line) => line.key === name)
    .map((line) => line.line.slice(line.line.indexOf(':') + 1).trim());
}

/** The reply token the message was addressed with: RCPT TO first, then To, Cc, Delivered-To. */
export function replyTokenIn(mail: ParsedMail, envelopeTo: string[]): string | null {
  const candidates = [
    ...envelopeTo,
    ...addresses(mail.to),
    ...addresses(mail.cc),
    ...headerValues(mail, 'delivered-to'),
    ...headerValues(mail, 'x-original-to'),
  ];
  for (const address of candidates) {
    const token = replyTokenOf(address);
    if (token) return token;
  }
  return null;
}

/** The Message-IDs the message answers: In-Reply-To, then References from the newest. */
export function answeredMessageIds(mail: ParsedMail): string[] {
  const references = Array.isArray(mail.references)
    ? mail.references
    : mail.references
      ? mail.references.split(/\s+/)
      : [];
  const ids = [...(mail.inReplyTo ? mail.inReplyTo.split(/\s+/) : []), ...references.reverse()];
  return [...new Set(ids.filter((id) => /^<[^<>\s]{1,900}>$/.test(id)))].slice(0, 50);
}

/** "[#42]" or "#42" in the subject. */
export function ticketNumberInSubject(subject: string | undefined): number | null {
  const match = /(?:\[#(\d{1,9})\]|(?:^|\s)#(\d{1,9})\b)/.exec(subject ?? '');
  const number = Number(match?.[1] ?? match?.[2]);
  return Number.isSafeInteger(number) && number > 0 ? number : null;
}

/**
 * The ticket a message answers, in the order: the reply token of the address it was
 * sent to, then the Message-IDs it answers, then the number in its subject. The token finds
 * any ticket (the verification then refuses another client's); the Message-IDs and the
 * subject only find a ticket of `clientId`: they are no secret.
 */
export async function findThread(
  repository: Pick<
    InboundRepository,
    'ticketByReplyToken' | 'ticketByMessageIds' | 'ticketById' | 'ticketOfClientByNumber'
  >,
  mail: ParsedMail,
  envelopeTo: string[],
  clientId: string,
): Promise<Thread | null> {
  const token = replyTokenIn(mail, envelopeTo);
  if (token) {
    const ticket = await repository.ticketByReplyToken(token);
    if (ticket) return { ticket, by: 'token' };
  }
  const answered = answeredMessageIds(mail);
  for (const id of answered) {
    const rootOf = ticketIdOfRootMessageId(id);
    if (rootOf) {
      const ticket = await repository.ticketById(rootOf);
      if (ticket?.userId === clientId) return { ticket, by: 'in-reply-to' };
    }
  }
  const byMessageId = await repository.ticketByMessageIds(answered);
  if (byMessageId?.userId === clientId) return { ticket: byMessageId, by: 'in-reply-to' };
  const number = ticketNumberInSubject(mail.subject);
  if (number !== null) {
    const ticket = await repository.ticketOfClientByNumber(clientId, number);
    if (ticket) return { ticket, by: 'subject' };
  }
  return null;
}
