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

/**
 * The key an e-mail is stored under, whatever path it came by: its Message-ID (the first
 * `<…>` of the header), or, for a message without one, a hash of its bytes, so the same
 * delivery twice is still one message.
 */
export function messageKeyOf(raw: Buffer): string {
  for (const line of headerLines(raw)) {
    if (!line.startsWith('message-id:')) continue;
    const id = /<[^<>\s]{1,900}>/.exec(line)?.[0];
    if (id) return id;
  }
  return `<sha256:${createHash('sha256').update(raw).digest('hex')}@raw>`;
}
