/**
 * The most MIME parts a message may have before it is parsed. Real mail has a handful (a
 * text, an HTML and a few files); a message built to exhaust the parser has thousands.
 */
export const MAX_MIME_PARTS = 500;

/**
 * A cheap count of the message's MIME parts, before any parser sees it: the lines that open
 * a part ("--boundary") of every boundary the message declares. It reads the bytes once and
 * builds nothing per part, so a 10,000-part bomb costs a scan, not a parse.
 */
export function countMimeParts(raw: Buffer): number {
  const text = raw.toString('latin1');
  const boundaries = new Set<string>();
  for (const match of text.matchAll(/boundary\s*=\s*(?:"([^"\r\n]{1,200})"|([^\s;"]{1,200}))/gi)) {
    boundaries.add(match[1] ?? match[2]!);
    // Declaring boundaries is itself a way to blow up the work: stop counting early.
    if (boundaries.size > MAX_MIME_PARTS) return boundaries.size;
  }
  if (boundaries.size === 0) return 1;
  let parts = 0;
  for (const line of text.matchAll(/^--([^\r\n]{1,200}?)[ \t]*\r?$/gm)) {
    if (boundaries.has(line[1]!)) parts += 1;
  }
  return parts;
}
