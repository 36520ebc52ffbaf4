import { createHash } from 'node:crypto';
import { headerBlock } from './header-block';

/** The message's header block, unfolded, as `name: value` lines (names in lower case). */
export function headerLines(raw: Buffer): string[] {
  const block = headerBlock(raw).text;
  return block
    .replace(/\r?\n[ \t]+/g, ' ')
    .split(/\r?\n/)
    .map((line) => {
      const colon = line.indexOf(':');
      return colon === -1
        ? line
        : `${line.slice(0, colon).trim().toLowerCase()}:${line.slice(colon + 1)}`;
    });
}

/** The Message-ID of the header (its first `<…>`), or null when it has none. */
export function messageIdIn(head: Buffer): string | null {
  for (const line of headerLines(head)) {
    if (!line.startsWith('message-id:')) continue;
    const id = /<[^<>\s]{1,900}>/.exec(line)?.[0];
    if (id) return id;
  }
  return null;
}

/** The From address of the header, in lower case, or null when it names none. */
export function fromAddressIn(head: Buffer): string | null {
  const from = headerLines(head).find((line) => line.startsWith('from:'));
  return /[^\s<>"(),:;]+@[^\s<>"(),:;]+/.exec(from?.slice(5) ?? '')?.[0]?.toLowerCase() ?? null;
}

/** The Message-ID a message without one is logged under: a hash of its bytes. */
export const hashedMessageId = (sha256: string) => `<sha256:${sha256}@raw>`;

/**
 * The Message-ID an e-mail is logged under, whatever path it came by: its own, or, for a
 * message without one, a hash of its bytes.
 */
export function messageKeyOf(raw: Buffer): string {
  return messageIdIn(raw) ?? hashedMessageId(createHash('sha256').update(raw).digest('hex'));
}

/**
 * What makes two deliveries one message: its Message-ID, who it is from (the From address, else
 * the envelope sender) and its body. A Message-ID alone is no identity, as anyone can send a
 * message with a genuine one first and have the genuine message dropped as its duplicate; the
 * body's hash ignores line breaks, and nothing in the header beyond these two counts, as the
 * relays that bring one message twice add and rewrite headers, never the body.
 */
export function dedupeKeyOf(message: {
  messageId: string;
  sender: string | null;
  bodySha256: string;
}): string {
  return createHash('sha256')
    .update(`${message.messageId}\n${message.sender ?? ''}\n${message.bodySha256}`)
    .digest('hex');
}
