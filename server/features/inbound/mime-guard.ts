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
 * The most Content-Type fields read. Each part (an embedded message too) has one header block
 * with one Content-Type, and the message itself one more: a message with more is built to
 * make the count itself slow, and is refused.
 */
const MAX_CONTENT_TYPE_FIELDS = MAX_MIME_PARTS + 1;

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
 * whitespace dropped; null when it has none or one that is not ASCII), and whether the part's
 * body is a message with a header block of its own.
 */
function contentTypeOf(field: string) {
  const parsed = libmime.parseHeaderValue(libmime.decodeHeader(asSplitterReads(field)).value, {
    stripComments: true,
  });
  const boundary = (parsed.params.boundary ?? '').trimEnd();
  return {
    // A character past ASCII takes more than one byte in UTF-8.
    boundary: boundary && Buffer.byteLength(boundary) === boundary.length ? boundary : null,
    embedsMessage: parsed.value.toLowerCase().trim() === 'message/rfc822',
  };
}

/** Where the count of a message's parts came to. */
type Count = { parts: number } | { refused: string };

/**
 * The splitter's count of a message's parts, done cheaply: it reads the lines once and builds
 * nothing per part, so a 10,000-part bomb costs a scan, not a parse. Header fields are read
 * only where the splitter reads a header block (the top of the message, after a delimiter
 * line of a boundary declared so far, and at the start of an embedded message), so a body
 * full of lines that look like Content-Type fields costs nothing. A part starts at a delimiter
 * line ("--", the boundary, then whitespace: trimEnd takes more than the splitter, and
 * counting more is safe; after a CR that ended no line, which the splitter takes too), or is
 * an embedded message (message/rfc822: the splitter reads an inline one as a node of its
 * own; any one counts).
 */
function countParts(text: string): Count {
  const boundaries = new Set<string>();
  let parts = 0;
  let contentTypes = 0;
  let inHeader = true;
  let embedsMessage = false;
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
    contentTypes += 1;
    if (contentTypes > MAX_CONTENT_TYPE_FIELDS) {
      return `the message has more than ${MAX_CONTENT_TYPE_FIELDS} Content-Type fields where its parts start (one a part), as a message built to exhaust the reader would.`;
    }
    const declared = contentTypeOf(value);
    embedsMessage ||= declared.embedsMessage;
    if (declared.boundary === null) return null;
    if (declared.boundary.length > MAX_BOUNDARY_LENGTH) {
      return `its MIME parts cannot be counted: a boundary is ${declared.boundary.length.toLocaleString('en-US')} characters long (at most ${MAX_BOUNDARY_LENGTH}), as in a message built to exhaust the reader.`;
    }
    boundaries.add(declared.boundary);
    return null;
  }

  /** Whether the line from `start` to `end` is a delimiter line of a boundary declared so far. */
  function isDelimiter(start: number, end: number): boolean {
    let dashes = start;
    while (text.charCodeAt(dashes) === 0x0d) dashes += 1;
    return text.startsWith('--', dashes) && boundaries.has(text.slice(dashes + 2, end).trimEnd());
  }

  /** A part starts with its header block; past the limit only the number is left to count. */
  function startPart() {
    parts += 1;
    inHeader = parts <= MAX_MIME_PARTS;
    embedsMessage = false;
  }

  for (let start = 0; start <= text.length;) {
    const newline = text.indexOf('\n', start);
    const end = newline === -1 ? text.length : newline;
    let refusal: string | null = null;
    if (boundaries.size > 0 && isDelimiter(start, end)) {
      refusal = endField();
      startPart();
    } else if (inHeader) {
      const line = text.slice(start, end);
      if (line === '' || line === '\r') {
        refusal = endField();
        if (!embedsMessage) {
          inHeader = false;
        } else {
          // An embedded message is a part of its own, its header block the start of the body.
          startPart();
          // The parts after it are not counted (their headers are no longer read): the number
          // is not known, only that it is past the limit.
          if (parts > MAX_MIME_PARTS) {
            refusal ??= `the message has more than ${MAX_MIME_PARTS} MIME parts, as a message built to exhaust the reader would.`;
          }
        }
      } else if (field !== null && (line.startsWith(' ') || line.startsWith('\t'))) {
        field += `\n${line}`;
      } else {
        refusal = endField();
        field = line;
      }
    }
    if (refusal) return { refused: refusal };
    start = end + 1;
  }
  const refusal = endField();
  return refusal ? { refused: refusal } : { parts };
}

/**
 * A count of the message's MIME parts before any parser sees it, under every boundary it
 * declares, read as the parser reads it. Answers why the message must not be parsed, or null:
 * too many parts, too many Content-Type fields, or a boundary too long to be anything but an
 * attempt to slip past a count, which a real mail program never writes.
 */
export function mimeBombRefusal(raw: Buffer): string | null {
  const count = countParts(raw.toString('latin1'));
  if ('refused' in count) return count.refused;
  return count.parts > MAX_MIME_PARTS
    ? `the message has ${count.parts.toLocaleString('en-US')} MIME parts (at most ${MAX_MIME_PARTS}), as a message built to exhaust the reader would.`
    : null;
}
