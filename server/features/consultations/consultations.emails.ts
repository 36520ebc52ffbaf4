import { renderEmail, type EmailBrand, type RenderedEmail } from '../../lib/email-layout';
import type { Send } from '../mail/mail.service';

/** A request from the landing page's form, as the agency reads it. */
export interface ConsultationMail {
  name: string;
  email: string;
  businessName: string | null;
  phone: string | null;
  details: string | null;
}

/** Someone asked for a free consultation on the website: the agency hears of it. */
export function consultationRequestedEmail(
  brand: EmailBrand,
  request: ConsultationMail,
  { appUrl }: { appUrl: string },
): RenderedEmail {
  const who = request.businessName ? `${request.name} of ${request.businessName}` : request.name;
  const contact = [
    `E-mail: ${request.email}`,
    ...(request.phone ? [`Phone: ${request.phone}`] : []),
  ];
  return renderEmail(
    brand,
    `New consultation request: ${request.businessName || request.name}`,
    [
      `${who} asked for a free consultation on your website.`,
      contact.join('\n'),
      request.details
        ? `About the project:\n${request.details}`
        : 'They wrote nothing about the project.',
    ],
    {
      href: `${appUrl}/admin/requests?${new URLSearchParams({ q: request.email })}`,
      label: 'See the request in the admin panel',
    },
  );
}

/** Sends the consultations' e-mails (the consultation service's `mail`). */
export function createConsultationEmails(send: Send) {
  return {
    /**
     * Someone asked for a consultation on the website: the agency hears of it at the business
     * e-mail. In the background: the request is stored before, whatever becomes of this.
     */
    consultationRequested(request: ConsultationMail): void {
      send.inBackground('consultation-requested', ({ brand, appUrl }) => ({
        to: brand.businessEmail,
        ...consultationRequestedEmail(brand, request, { appUrl }),
      }));
    },
  };
}
