/**
 * The most MIME parts a message may have before it is parsed. Real mail has a handful (a
 * text, an HTML and a few files); a message built to exhaust the parser has thousands.
 */
export const MAX_MIME_PARTS = 500;

/**
 * The longest boundary counted. RFC 2046 allows 70 characters, but parsers take any length;
 * past a line's worth (RFC 5322's 998) a boundary is made to slip past a count, not to mark
 * parts, and the message is refused.
 */
export const MAX_BOUNDARY_LENGTH = 998;

/**
 * mailparser's own wall behind the count, for every parse of a stored message: its splitter
 * fails a message with more nodes, and counts the message itself as one.
 */
export const READER_LIMITS = { maxChildNodes: MAX_MIME_PARTS + 1 } as const;

/** Charsets in which percent-decoded ASCII bytes read as the same ASCII characters. */
const ASCII_CHARSETS =
  /^(?:|us-ascii|ascii|utf-?8|iso-?8859-\d{1,2}|latin-?1|(?:windows|cp)-?125\d)$/i;

/** A boundary the count cannot read as the parser would: the message is refused. */
class Unreadable {
  constructor(readonly reason: string) {}
}

const isWsp = (char: string) =>
  char === ' ' || char === '\t' || char === '\r' || char === '\n' || char === '\f' || char === '\v';

/** Where the comment opened at `start` closes (nested, with escapes), or -1. */
function commentEnd(value: string, start: number): number {
  let depth = 0;
  for (let i = start; i < value.length; i += 1) {
    const char = value.charAt(i);
    if (char === '\\') i += 1;
    else if (char === '(') depth += 1;
    else if (char === ')' && --depth === 0) return i;
  }
  return -1;
}

/**
 * The parameters of a Content-Type value, read the way mailparser's splitter reads them
 * (libmime's parseHeaderValue with stripComments, which this follows step by step): quoted
 * strings with escapes, comments dropped where they stand, the first of a repeated name kept.
 * Names are lower case, RFC 2231 sections (`boundary*0*`) still apart.
 */
function parameters(value: string): Map<string, string> {
  const params = new Map<string, string>();
  let stripComments = true;
  let key: string | null = null;
  let collected = '';
  let collectedEnd = 0;
  let inKey = false;
  let quote = false;
  let quoteClosed = false;
  let escaped = false;
  // Whether a "(" continues the token (`boundary=(c)b` names "(c)b") rather than opens a comment.
  let tokenOpen = false;
  const commit = () => {
    const text = collected.slice(0, collectedEnd);
    collected = '';
    collectedEnd = 0;
    if (inKey) {
      const name = text.toLowerCase();
      if (name && !params.has(name)) params.set(name, '');
    } else if (key !== null && !params.has(key)) {
      params.set(key, text);
    }
  };
  for (let i = 0; i < value.length; i += 1) {
    const char = value.charAt(i);
    if (stripComments && char === '(' && !quote && !escaped && !tokenOpen) {
      let end = commentEnd(value, i);
      if (end < 0 && !value.includes(';', i)) end = value.length - 1;
      if (end >= 0) {
        i = end;
        continue;
      }
      stripComments = false;
    }
    if (inKey) {
      if (char === '=') {
        key = collected.slice(0, collectedEnd).toLowerCase();
        collected = '';
        collectedEnd = 0;
        inKey = false;
        tokenOpen = true;
      } else if (char === ';') {
        commit();
      } else if (isWsp(char)) {
        if (collected.length) collected += char;
      } else {
        collected += char;
        collectedEnd = collected.length;
      }
      continue;
    }
    if (quoteClosed && char !== ';') {
      escaped = false;
      continue;
    }
    if (escaped) {
      collected += char;
      collectedEnd = collected.length;
      tokenOpen = key !== null && !quote;
    } else if (char === '\\') {
      escaped = true;
      continue;
    } else if (char === '"') {
      quoteClosed = quote;
      quote = !quote;
      tokenOpen = false;
    } else if (!quote && char === ';') {
      commit();
      inKey = true;
      tokenOpen = false;
      quoteClosed = false;
    } else if (!quote && isWsp(char)) {
      if (collected.length) collected += char;
      tokenOpen = false;
    } else {
      collected += char;
      collectedEnd = collected.length;
      tokenOpen = key !== null && !quote;
    }
    escaped = false;
  }
  commit();
  return params;
}

/** `%XX` sequences to bytes; anything else stays as it is (one byte per latin1 character). */
function percentDecoded(value: string): number[] {
  const bytes: number[] = [];
  for (let i = 0; i < value.length; i += 1) {
    if (value.charAt(i) !== '%') {
      bytes.push(value.charCodeAt(i));
      continue;
    }
    const hex = value.slice(i + 1, i + 3);
    if (!/^[0-9a-f]{2}$/i.test(hex))
      throw new Unreadable('a boundary has a stray "%" in its encoding');
    bytes.push(parseInt(hex, 16));
    i += 2;
  }
  return bytes;
}

/**
 * The boundary a Content-Type value declares, as the parser takes it: the RFC 2231 forms
 * (`boundary*=`, `boundary*0=`/`boundary*1=`, `boundary*0*=charset'lang'%2D…`) assembled and
 * decoded, and preferred to a plain `boundary=`; trailing whitespace dropped. Null when it
 * declares none the parser would split by (none, empty, or not ASCII).
 */
function declaredBoundary(contentType: string): string | null {
  const params = parameters(contentType);
  const sections: { nr: number; value: string }[] = [];
  let charset: string | null = null;
  for (const [name, value] of params) {
    const match = /^boundary\*(?:(\d+)\*?)?$/.exec(name);
    if (!match) continue;
    const nr = Number(match[1]) || 0;
    let text = value;
    const extended = nr === 0 && name.endsWith('*') && /^([^']*)'[^']*'(.*)$/.exec(value);
    if (extended) {
      charset = extended[1]!;
      text = extended[2]!;
    }
    sections.push({ nr, value: text });
  }
  let boundary: string;
  if (sections.length === 0) {
    boundary = params.get('boundary') ?? '';
  } else {
    const joined = sections
      .sort((a, b) => a.nr - b.nr)
      .map((section) => section.value)
      .join('');
    if (charset === null) {
      // Such a value goes through encoded-word decoding: not a boundary a count can follow.
      if (/=\?[^?]*\?[bq]\?[^?]*\?=/i.test(joined)) {
        throw new Unreadable('a boundary is written as an encoded word');
      }
      boundary = joined;
    } else {
      if (!ASCII_CHARSETS.test(charset)) {
        throw new Unreadable(
          `a boundary is written in the charset "${charset.replace(/[^\x20-\x7e]/g, '?').slice(0, 40)}"`,
        );
      }
      const bytes = percentDecoded(joined);
      // A byte past ASCII makes the boundary non-ASCII in any of these charsets.
      if (bytes.some((byte) => byte > 0x7f)) return null;
      boundary = Buffer.from(bytes).toString('latin1');
    }
  }
  boundary = boundary.trimEnd();
  // A character past ASCII takes more than one byte in UTF-8.
  return boundary && Buffer.byteLength(boundary) === boundary.length ? boundary : null;
}

/**
 * Every boundary declared anywhere in the message: each line that a header reader would take
 * for a Content-Type field (any part's, or a line of a body that looks like one: counting more
 * is safe), unfolded as the reader unfolds it.
 */
function declaredBoundaries(text: string): Set<string> | Unreadable | { tooMany: number } {
  const boundaries = new Set<string>();
  const fields = /(?:^|\n)[^\S\n]*content-type[^\S\n]*:([^\n]*(?:\n[ \t][^\n]*)*)/gi;
  for (const field of text.matchAll(fields)) {
    const value = field[1]!.replace(/\r?\n[ \t]*|\r[ \t]*/g, ' ').trim();
    let boundary: string | null;
    try {
      boundary = declaredBoundary(value);
    } catch (error) {
      if (error instanceof Unreadable) return error;
      throw error;
    }
    if (boundary === null) continue;
    if (boundary.length > MAX_BOUNDARY_LENGTH) {
      return new Unreadable(
        `a boundary is ${boundary.length.toLocaleString('en-US')} characters long (at most ${MAX_BOUNDARY_LENGTH})`,
      );
    }
    boundaries.add(boundary);
    // Declaring boundaries is itself a way to blow up the work: stop counting early.
    if (boundaries.size > MAX_MIME_PARTS) return { tooMany: boundaries.size };
  }
  return boundaries;
}

/**
 * A cheap count of the message's MIME parts, before any parser sees it: the lines that open
 * a part ("--boundary", with what the parser lets follow it) of every boundary the message
 * declares, in whatever form it declares it. It reads the bytes once and builds nothing per
 * part, so a 10,000-part bomb costs a scan, not a parse. Answers why the message must not be
 * parsed, or null: too many parts, or a boundary it cannot count (too long, or written in a
 * form it cannot decode as the parser would), which a real mail program never writes.
 */
export function mimeBombRefusal(raw: Buffer): string | null {
  const text = raw.toString('latin1');
  const boundaries = declaredBoundaries(text);
  if (boundaries instanceof Unreadable) {
    return `its MIME parts cannot be counted: ${boundaries.reason}, as in a message built to exhaust the reader.`;
  }
  const parts = 'tooMany' in boundaries ? boundaries.tooMany : countParts(text, boundaries);
  return parts > MAX_MIME_PARTS
    ? `the message has ${parts.toLocaleString('en-US')} MIME parts (at most ${MAX_MIME_PARTS}), as a message built to exhaust the reader would.`
    : null;
}

function countParts(text: string, boundaries: Set<string>): number {
  if (boundaries.size === 0) return 1;
  let parts = 0;
  // A line that starts a part: "--", the boundary, then spaces, tabs and CRs (trimEnd takes
  // more whitespace than that: counting more is safe); the parser also takes one that a stray
  // CR (of the line before) precedes.
  for (const line of text.matchAll(/(?:^|\n)\r*--([^\n]*)/g)) {
    if (boundaries.has(line[1]!.trimEnd())) parts += 1;
  }
  return parts;
}
