/**
 * The most of a message read as its header block: the parser (mailparser's splitter) fails a
 * larger one anyway.
 */
export const MAX_HEADER_BYTES = 1024 * 1024;

/**
 * The message's header block, byte for byte (latin1), up to the first empty line as mailauth
 * ends it (a lone LF counts as CRLF); `whole` is false when no empty line comes within the
 * first MAX_HEADER_BYTES and the message goes on, so `text` is a block cut off.
 */
export function headerBlock(raw: Buffer): { text: string; whole: boolean } {
  const head = raw.subarray(0, MAX_HEADER_BYTES).toString('latin1');
  const end = head.search(/\n\r?\n/);
  if (end !== -1) return { text: head.slice(0, end), whole: true };
  return { text: head, whole: raw.length <= MAX_HEADER_BYTES };
}

/** The characters that name a header line's odd start in the log. */
const CHARACTER_NAMES: Record<string, string> = {
  '\x0b': 'a vertical tab',
  '\x0c': 'a form feed',
  '\r': 'a carriage return',
  '\xa0': 'a non-breaking space',
};

const characterName = (char: string) =>
  CHARACTER_NAMES[char] ??
  `the character 0x${char.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`;

/** A header name as the log may show it: printable (a space stays), short. */
const shown = (name: string) => name.replace(/[^\x20-\x7e]/g, '?').slice(0, 40);

/**
 * What, in the message's header block, two readers of it could take differently: mailauth
 * (which checks DKIM and DMARC for the From it reads) folds every line that starts with any
 * whitespace into the header above it, mailparser (which gives the From the message is filed
 * under) only a line that starts with a space or a tab. A line that starts with a vertical
 * tab therefore hides a From from one of them, and so do a bare CR, a header name with
 * whitespace before its colon (`From :` is an mbox line to mailparser when it comes first),
 * a line without a colon, a second From and a header too long to read whole. Answers the
 * first such thing in words, or null for a header block every reader splits the same way.
 */
export function headerBlockProblem(raw: Buffer): string | null {
  const { text: block, whole } = headerBlock(raw);
  // Whatever lies past the part read could hide a From from it.
  if (!whole) {
    return `the header does not end within its first ${MAX_HEADER_BYTES.toLocaleString('en-US')} bytes`;
  }
  let froms = 0;
  for (const [index, line] of block.split('\n').entries()) {
    const text = line.endsWith('\r') ? line.slice(0, -1) : line;
    // Only the last line, when the message has no body, or the first, when it has no header.
    if (text === '') continue;
    if (text.includes('\r')) {
      return 'the header has a carriage return that ends no line (a bare CR)';
    }
    const first = text.charAt(0);
    if ((first === ' ' || first === '\t') && index > 0) continue;
    if (!/^[\x21-\x39\x3b-\x7e]$/.test(first)) {
      return first === ' ' || first === '\t'
        ? 'the header starts with a folded line'
        : `a header line starts with ${characterName(first)}`;
    }
    const colon = text.indexOf(':');
    if (colon === -1) return `the header line "${shown(text)}" has no colon`;
    const name = text.slice(0, colon);
    if (/[ \t]/.test(name)) {
      const trimmed = name.trimEnd();
      return /[ \t]/.test(trimmed)
        ? `the header name "${shown(trimmed)}" has whitespace in it`
        : `the header name "${shown(trimmed)}" has whitespace before its colon`;
    }
    if (/[^\x21-\x7e]/.test(name)) {
      return `the header name "${shown(name)}" has a character a header name may not have`;
    }
    if (name.toLowerCase() === 'from') froms += 1;
  }
  return froms > 1 ? `the message has ${froms} From headers` : null;
}
