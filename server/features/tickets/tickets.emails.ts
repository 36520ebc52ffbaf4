import {
  clientLabel,
  renderEmail,
  type EmailBrand,
  type EmailClient,
  type RenderedEmail,
} from '../../lib/email-layout';

/** A client opened a ticket: the agency hears of it. */
export function ticketCreatedEmail(
  brand: EmailBrand,
  client: EmailClient | null,
  ticket: { id: string; subject: string; description: string; priority: string },
  { appUrl }: { appUrl: string },
): RenderedEmail {
  return renderEmail(
    brand,
    `New support ticket: ${ticket.subject}`,
    [`${clientLabel(client)} opened a ticket (priority ${ticket.priority}).`, ticket.description],
    { href: `${appUrl}/admin/support/${ticket.id}`, label: 'Answer it in the admin panel' },
  );
}

/** The agency answered: the client hears of it. */
export function agencyRepliedEmail(
  brand: EmailBrand,
  ticket: { id: string; subject: string },
  message: string,
  { appUrl }: { appUrl: string },
): RenderedEmail {
  return renderEmail(
    brand,
    `Re: ${ticket.subject}`,
    [`${brand.businessName} replied to your ticket:`, message],
    { href: `${appUrl}/portal/support/${ticket.id}`, label: 'See the conversation' },
  );
}
