import { SOCIAL_HOSTS, hostMatches } from './technology';

const decode = (text: string) =>
  text
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#0?39;|&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/\s+/g, ' ')
    .trim();

function metaContent(html: string, name: string): string | null {
  const tags = html.match(/<meta\b[^<>]{0,2000}>/gi) ?? [];
  for (const tag of tags) {
    if (!new RegExp(`(name|property)=["']?${name}["'\\s>/]`, 'i').test(tag)) continue;
    const content = /content=(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(tag);
    const value = content?.[1] ?? content?.[2] ?? content?.[3];
    if (value !== undefined) return decode(value) || null;
  }
  return null;
}

const EMAIL = /^[a-z0-9._%+-]{1,64}@[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,24}$/i;
const NOT_AN_EMAIL = /\.(png|jpe?g|gif|svg|webp|css|js)$|@(example|sentry|domain)\./i;
const LOCAL_CHAR = /[a-z0-9._%+-]/i;
const DOMAIN_CHAR = /[a-z0-9.-]/i;

/**
 * E-mail addresses in text, found from each '@' outwards: linear in the page size. (A
 * pattern like /[a-z.]+@.../g backtracks quadratically on a long run of letters, which a
 * 1 MB page can hold.)
 */
export function findEmails(text: string, limit = 20): string[] {
  const found = new Set<string>();
  for (
    let at = text.indexOf('@');
    at !== -1 && found.size < limit;
    at = text.indexOf('@', at + 1)
  ) {
    let start = at;
    while (start > 0 && at - start < 64 && LOCAL_CHAR.test(text[start - 1]!)) start--;
    let end = at + 1;
    while (end < text.length && end - at < 253 && DOMAIN_CHAR.test(text[end]!)) end++;
    const candidate = text.slice(start, end).replace(/\.+$/, '').toLowerCase();
    if (EMAIL.test(candidate) && !NOT_AN_EMAIL.test(candidate)) found.add(candidate);
  }
  return [...found];
}

/**
 * Where the <tag>...</tag> blocks are, found with indexOf: linear even when closing tags are
 * missing (`close` is -1 for a block left open, which runs to the end and is the last).
 */
function* blocks(html: string, tag: string): Generator<{ open: number; close: number }> {
  // Only ASCII letters are lowered: toLowerCase() lengthens some letters ('İ' becomes two
  // code units), which would shift every index after them off the original page.
  const lower = html.replace(/[A-Z]+/g, (letters) => letters.toLowerCase());
  let position = 0;
  for (;;) {
    const open = lower.indexOf(`<${tag}`, position);
    if (open === -1) return;
    const close = lower.indexOf(`</${tag}>`, open);
    yield { open, close };
    if (close === -1) return;
    position = close + tag.length + 3;
  }
}

/** The page without its <tag>...</tag> blocks. */
function stripBlocks(html: string, tag: string): string {
  const parts: string[] = [];
  let position = 0;
  for (const { open, close } of blocks(html, tag)) {
    parts.push(html.slice(position, open));
    position = close === -1 ? html.length : close + tag.length + 3;
  }
  parts.push(html.slice(position));
  return parts.join(' ');
}

/** The closed <tag>...</tag> blocks themselves, at most 50. */
function closedBlocks(html: string, tag: string): string[] {
  const found: string[] = [];
  for (const { open, close } of blocks(html, tag)) {
    if (close === -1 || found.length === 50) break;
    found.push(html.slice(open, close));
  }
  return found;
}

/**
 * The text of the first closed <title> block. Found with indexOf: the pattern
 * /<title[^>]*>([\s\S]*?)<\/title>/ rescans to the end of the page from every unclosed
 * `<title`, so 700 kB of them held the event loop for about 25 s.
 */
function titleText(html: string): string | undefined {
  const first = blocks(html, 'title').next();
  if (first.done || first.value.close === -1) return undefined;
  const { open, close } = first.value;
  const end = html.indexOf('>', open);
  return end !== -1 && end < close ? html.slice(end + 1, close) : undefined;
}

/** What the HTML of a home page says, read with plain patterns (no DOM needed for these). */
export function readPageSignals(html: string, year: number) {
  const title = titleText(html);
  const text = stripBlocks(stripBlocks(html, 'script'), 'style');

  const years = [
    ...text.matchAll(
      /(?:©|&copy;|&#169;|copyright)\s*(?:[a-z.,]{1,40}\s*)?((?:19|20)\d\d)(?:\s*[-–]\s*((?:19|20)\d\d))?/gi,
    ),
  ]
    .flatMap((match) => [match[1], match[2]])
    .filter((value): value is string => Boolean(value))
    .map(Number)
    .filter((value) => value <= year);

  const hrefs = [...html.matchAll(/href=["']([^"'#<>]{1,2000})["']/gi)].map((match) => match[1]!);
  const socialLinks = new Set<string>();
  const emails = new Set<string>();
  for (const href of hrefs) {
    if (/^mailto:/i.test(href)) {
      let address = href.slice(7).split('?')[0]!;
      try {
        address = decodeURIComponent(address);
      } catch {
        // a malformed escape: keep the text as written
      }
      findEmails(address.trim(), 1).forEach((email) => emails.add(email));
      continue;
    }
    try {
      const url = new URL(href);
      if (hostMatches(url.hostname, SOCIAL_HOSTS) && url.pathname.length > 1) {
        socialLinks.add(`${url.origin}${url.pathname}`.replace(/\/$/, ''));
      }
    } catch {
      // relative links are not social profiles
    }
  }
  findEmails(text.replace(/<[^<>]{0,2000}>/g, ' ')).forEach((email) => emails.add(email));

  const forms = closedBlocks(html, 'form');
  const contactForm = forms.some((form) =>
    /<textarea\b|type=["']?email|name=["']?[^"'\s>]{0,40}(email|message|phone)/i.test(form),
  );

  return {
    title: title ? decode(title).slice(0, 200) || null : null,
    metaDescription: metaContent(html, 'description')?.slice(0, 300) ?? null,
    mobileViewport:
      /<meta\b[^<>]{0,500}?name=["']?viewport["']?[^<>]{0,500}?width=device-width/i.test(html),
    copyrightYear: years.length > 0 ? Math.max(...years) : null,
    firstYear: years.length > 0 ? Math.min(...years) : null,
    socialLinks: [...socialLinks].slice(0, 10),
    emails: [...emails].slice(0, 5),
    contactForm,
  };
}
