import { randomUUID } from 'node:crypto';

/**
 * What every e-mail about a ticket carries and every answer to one is read by: the marker
 * line above which a client types their answer (the inbound reply parser cuts there), and
 * the shapes of the ticket's reply address and the Message-IDs we send under.
 */
export const REPLY_ABOVE_MARKER = '##- Please type your reply above this line -##';

/** A subject line as a header may carry it: no CR or LF can start a new header. */
export function oneLine(text: string): string {
  return text.replace(/[\r\n\u2028\u2029]+/g, ' ').trim();
}

/** "[#42] Menu page": the number is how a reply without its token still finds the ticket. */
export function ticketSubject(number: number, subject: string, prefix = ''): string {
  return `[#${number}] ${prefix}${oneLine(subject) || '(no subject)'}`;
}

/** The support address split in two, so a ticket's plus-address can be made from it. */
function parts(supportAddress: string): { local: string; domain: string } {
  const at = supportAddress.lastIndexOf('@');
  return { local: supportAddress.slice(0, at), domain: supportAddress.slice(at + 1) };
}

/** support+t_<token>@domain: answers to it go to the ticket whose token it carries. */
export function ticketReplyAddress(supportAddress: string, replyToken: string): string {
  const { local, domain } = parts(supportAddress);
  return `${local.split('+')[0]}+t_${replyToken}@${domain}`;
}

/** The reply token in an address of the form local+t_<token>@…, if it is one. */
export function replyTokenOf(address: string): string | null {
  return /\+t_([0-9a-f]{16,64})@/i.exec(address)?.[1]?.toLowerCase() ?? null;
}

/**
 * The Message-ID of a ticket's confirmation: made from the ticket's id (random, never shown
 * to anyone else), so it needs no row of its own and an answer's In-Reply-To finds it.
 */
export function ticketRootMessageId(supportAddress: string, ticketId: string): string {
  return `<ticket-${ticketId}@${parts(supportAddress).domain}>`;
}

/** The ticket id in a confirmation's Message-ID, if the id is one. */
export function ticketIdOfRootMessageId(messageId: string): string | null {
  return /^<ticket-([0-9a-f-]{36})@[^<>]+>$/i.exec(messageId.trim())?.[1] ?? null;
}

/** A fresh Message-ID at the support address's domain. */
export function newMessageId(supportAddress: string): string {
  return `<${randomUUID()}@${parts(supportAddress).domain}>`;
}
