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
  const tags = html.match(/<meta\b[^>]*>/gi) ?? [];
  for (const tag of tags) {
    if (!new RegExp(`(name|property)=["']?${name}["'\\s>/]`, 'i').test(tag)) continue;
    const content = /content=(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(tag);
    const value = content?.[1] ?? content?.[2] ?? content?.[3];
    if (value !== undefined) return decode(value) || null;
  }
  return null;
}

const EMAIL = /[a-z0-9._%+-]+@[a-z0-9.-]+\.[a-z]{2,24}/gi;
const NOT_AN_EMAIL = /\.(png|jpe?g|gif|svg|webp|css|js)$|@(example|sentry|domain)\./i;

/** What the HTML of a home page says, read with plain patterns (no DOM needed for these). */
export function readPageSignals(html: string, year: number) {
  const title = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(html)?.[1];
  const text = html.replace(/<script[\s\S]*?<\/script>|<style[\s\S]*?<\/style>/gi, ' ');

  const years = [
    ...text.matchAll(
      /(?:©|&copy;|&#169;|copyright)\s*(?:[a-z.,]+\s*)?((?:19|20)\d\d)(?:\s*[-–]\s*((?:19|20)\d\d))?/gi,
    ),
  ]
    .flatMap((match) => [match[1], match[2]])
    .filter((value): value is string => Boolean(value))
    .map(Number)
    .filter((value) => value <= year);

  const hrefs = [...html.matchAll(/href=["']([^"'#]+)["']/gi)].map((match) => match[1]!);
  const socialLinks = new Set<string>();
  const emails = new Set<string>();
  for (const href of hrefs) {
    if (/^mailto:/i.test(href)) {
      const address = decodeURIComponent(href.slice(7).split('?')[0]!).trim().toLowerCase();
      if (EMAIL.test(address)) emails.add(address);
      EMAIL.lastIndex = 0;
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
  for (const match of text.replace(/<[^>]+>/g, ' ').matchAll(EMAIL)) {
    if (!NOT_AN_EMAIL.test(match[0])) emails.add(match[0].toLowerCase());
  }

  const forms = html.match(/<form\b[\s\S]*?<\/form>/gi) ?? [];
  const contactForm = forms.some((form) =>
    /<textarea\b|type=["']?email|name=["']?[^"'\s>]*(email|message|phone)/i.test(form),
  );

  return {
    title: title ? decode(title).slice(0, 200) || null : null,
    metaDescription: metaContent(html, 'description')?.slice(0, 300) ?? null,
    mobileViewport: /<meta\b[^>]*name=["']?viewport["']?[^>]*width=device-width/i.test(html),
    copyrightYear: years.length > 0 ? Math.max(...years) : null,
    firstYear: years.length > 0 ? Math.min(...years) : null,
    socialLinks: [...socialLinks].slice(0, 10),
    emails: [...emails].filter((email) => !NOT_AN_EMAIL.test(email)).slice(0, 5),
    contactForm,
  };
}
