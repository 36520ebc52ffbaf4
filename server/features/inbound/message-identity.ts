import { createHash } from 'node:crypto';

/** How far into a message its header block may reach; anything longer is not a header block. */
const MAX_HEADER_BYTES = 256 * 1024;

/** The message's header block, unfolded, as `name: value` lines (names in lower case). */
export function headerLines(raw: Buffer): string[] {
  const head = raw.subarray(0, MAX_HEADER_BYTES).toString('latin1');
  const end = head.search(/\r?\n\r?\n/);
  const block = end === -1 ? head : head.slice(0, end);
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
