import libmime from 'libmime';

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

/** A header field as mailparser's splitter reads it: as UTF-8 when it is valid UTF-8. */
function asSplitterReads(field: string): string {
  const utf8 = Buffer.from(field, 'latin1').toString('utf8');
  return utf8.includes('\uFFFD') ? field : utf8;
}

/**
 * What a Content-Type field declares, read with the splitter's own library and steps
 * (@zone-eu/mailsplit's MimeNode#parseHeaders on libmime's parseHeaderValue): the boundary
 * it splits by (RFC 2231 forms, comments, quotes and encodings as it decodes them; trailing
 * whitespace dropped; null when it has none or one that is not ASCII).
 */
function contentTypeOf(field: string) {
  const parsed = libmime.parseHeaderValue(libmime.decodeHeader(asSplitterReads(field)).value, {
    stripComments: true,
  });
  const boundary = (parsed.params.boundary ?? '').trimEnd();
  return {
    // A character past ASCII takes more than one byte in UTF-8.
    boundary: boundary && Buffer.byteLength(boundary) === boundary.length ? boundary : null,
  };
}

/** Where the count of a message's parts came to. */
type Count = { parts: number } | { refused: string };

/**
 * The splitter's count of a message's parts, done cheaply: it reads the lines once and builds
 * nothing per part, so a 10,000-part bomb costs a scan, not a parse. Every line is read as a
 * header field may be (any part's, or a line of a body that looks like one: counting more is
 * safe), with the lines that continue it. A part starts at a delimiter line: "--", the
 * boundary, then whitespace (trimEnd takes more than the splitter: counting more is safe),
 * after a CR that ended no line (the splitter takes one; more is again safe).
 */
function countParts(text: string): Count {
  const boundaries = new Set<string>();
  // The header field being read, its lines as they stand (the splitter unfolds it).
  let field: string | null = null;

  /** Reads the header field that just ended: answers why the message is refused, or null. */
  function endField(): string | null {
    if (field === null) return null;
    const colon = field.indexOf(':');
    // The splitter's name of a field: up to its first colon, continuation lines included.
    const name = colon === -1 ? '' : field.slice(0, colon).toLowerCase().trim();
    const value = field;
    field = null;
    if (name !== 'content-type') return null;
    const { boundary } = contentTypeOf(value);
    if (boundary === null) return null;
    if (boundary.length > MAX_BOUNDARY_LENGTH) {
      return `its MIME parts cannot be counted: a boundary is ${boundary.length.toLocaleString('en-US')} characters long (at most ${MAX_BOUNDARY_LENGTH}), as in a message built to exhaust the reader.`;
    }
    boundaries.add(boundary);
    return null;
  }

  const lines = text.split('\n');
  for (const line of lines) {
    if (field !== null && (line.startsWith(' ') || line.startsWith('\t'))) {
      field += `\n${line}`;
      continue;
    }
    const refusal = endField();
    if (refusal) return { refused: refusal };
    field = line;
  }
  const refusal = endField();
  if (refusal) return { refused: refusal };
  let parts = 0;
  for (const line of lines) {
    let dashes = 0;
    while (line.charCodeAt(dashes) === 0x0d) dashes += 1;
    if (line.startsWith('--', dashes) && boundaries.has(line.slice(dashes + 2).trimEnd())) {
      parts += 1;
    }
  }
  return { parts };
}

/**
 * A count of the message's MIME parts before any parser sees it, under every boundary it
 * declares, read as the parser reads it. Answers why the message must not be parsed, or null:
 * too many parts, or a boundary too long to be anything but an attempt to slip past a count,
 * which a real mail program never writes.
 */
export function mimeBombRefusal(raw: Buffer): string | null {
  const count = countParts(raw.toString('latin1'));
  if ('refused' in count) return count.refused;
  return count.parts > MAX_MIME_PARTS
    ? `the message has ${count.parts.toLocaleString('en-US')} MIME parts (at most ${MAX_MIME_PARTS}), as a message built to exhaust the reader would.`
    : null;
}
