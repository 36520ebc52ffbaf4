import { html, type SafeHtml } from './html';
import { fullName } from './format';

/** The agency as its e-mails name it: signed by the business, answered at its address. */
export interface EmailBrand {
  businessName: string;
  businessEmail: string;
  /** The business's time zone: an e-mail's dates and times are written in it. */
  timeZone: string;
}

/** A client as an e-mail to the agency names them. */
export interface EmailClient {
  email: string | null;
  firstName: string | null;
  lastName: string | null;
}

/** What a recipient reads: each feature's `<feature>.emails.ts` renders these. */
export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

/** The call to action under the message. */
export interface EmailLink {
  href: string;
  label: string;
}

/**
 * A short message in the brand's frame: plain text and the same in simple HTML. Every line
 * is escaped in the HTML: they carry names, ticket subjects and replies people typed.
 */
export function renderEmail(
  brand: EmailBrand,
  subject: string,
  lines: string[],
  link?: EmailLink,
): RenderedEmail {
  // Paragraphs separated by a blank line, as a person would write them.
  const text = [
    ...lines,
    ...(link ? [`${link.label}: ${link.href}`] : []),
    `— ${brand.businessName}`,
  ].join('\n\n');
  const body: SafeHtml = html`<div
    style="font-family:Arial,sans-serif;font-size:15px;line-height:1.5;color:#0b3b4f"
  >
    <p style="font-size:18px;font-weight:bold;color:#0e7490">${brand.businessName}</p>
    ${lines.map((line) => html`<p style="white-space:pre-wrap">${line}</p>`)}
    ${link ? html`<p><a href="${link.href}" style="color:#0e7490">${link.label}</a></p>` : ''}
  </div>`;
  return { subject, text, html: body.value };
}

export function clientName(client: EmailClient | null): string {
  return (client && fullName(client)) || client?.email || 'A client';
}

/** The client as the agency reads it: name, and e-mail when known. */
export function clientLabel(client: EmailClient | null): string {
  return `${clientName(client)}${client?.email ? ` (${client.email})` : ''}`;
}
