import type { EmailBrand, RenderedEmail } from '../../server/lib/email-layout';

/** The agency every e-mail test signs with: an ampersand, as a real business name has. */
export const testBrand: EmailBrand = {
  businessName: 'Coast & Code',
  businessEmail: 'hello@coastandcode.test',
  timeZone: 'America/Chicago',
};

/** Text a client or admin could type, which the HTML must show as text, never as markup. */
export const typedMarkup = '<b>Urgent</b> & <script>alert("x")</script>';

/**
 * A rendered e-mail as its recipient sees it: the plain text, and the HTML as a mail
 * client draws it (paragraphs, links, which elements exist). Needs a DOM: the test file
 * starts with `// @vitest-environment jsdom`.
 */
export function readEmail(email: RenderedEmail) {
  const document = new DOMParser().parseFromString(email.html, 'text/html');
  return {
    subject: email.subject,
    /** The plain-text part, paragraph by paragraph. */
    textParagraphs: email.text.split('\n\n'),
    /** The HTML part's paragraphs as a reader sees them. */
    paragraphs: [...document.querySelectorAll('p')].map((p) => p.textContent ?? ''),
    links: [...document.querySelectorAll('a')].map((a) => ({
      label: a.textContent,
      href: a.getAttribute('href'),
    })),
    /** Every element the HTML draws: only the frame's, whatever the text said. */
    tags: new Set([...document.body.querySelectorAll('*')].map((el) => el.tagName.toLowerCase())),
  };
}
