import { renderEmail, type EmailBrand, type RenderedEmail } from '../../lib/email-layout';
import { displayDateTime } from '../../lib/format';
import type { Send } from '../mail/mail.service';

/** A request from the landing page's form, as the agency reads it. */
export interface ConsultationMail {
  name: string;
  email: string;
  businessName: string | null;
  phone: string | null;
  details: string | null;
  /** The name of the plan whose pricing button opened the form. */
  planName?: string | null;
  /** Above 1: the address asked again within the day, merged into this request. */
  requestCount?: number;
  createdAt?: Date;
}

/**
 * Someone asked for a free consultation on the website: the agency hears of it. A repeat
 * within the day says so: it is the same request, merged, with what they added.
 */
export function consultationRequestedEmail(
  brand: EmailBrand,
  request: ConsultationMail,
  { appUrl }: { appUrl: string },
): RenderedEmail {
  const who = request.businessName ? `${request.name} of ${request.businessName}` : request.name;
  const plan = request.planName;
  const contact = [
    `E-mail: ${request.email}`,
    ...(request.phone ? [`Phone: ${request.phone}`] : []),
    ...(plan ? [`Plan: ${plan}`] : []),
  ];
  const repeat = (request.requestCount ?? 1) > 1;
  const asked = repeat
    ? `${who} asked again for a free consultation on your website: request ${request.requestCount} since ${
        request.createdAt ? displayDateTime(request.createdAt, brand.timeZone) : 'today'
      }, merged into the first.`
    : `${who} asked for a free consultation on your website.`;
  return renderEmail(
    brand,
    `${repeat ? 'Repeat' : 'New'} consultation request: ${request.businessName || request.name}`,
    [
      asked,
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

/** The visitor's receipt: who got the request and what happens next. */
export function consultationAcknowledgedEmail(
  brand: EmailBrand,
  request: Pick<ConsultationMail, 'name' | 'planName'>,
): RenderedEmail {
  const plan = request.planName;
  return renderEmail(brand, `Your consultation request to ${brand.businessName}`, [
    `Hello ${request.name},`,
    `Thank you for asking ${brand.businessName} for a free consultation${
      plan ? ` about the ${plan} plan` : ''
    }. Your request has reached us.`,
    'What happens next: we read what you wrote and get in touch by e-mail (or by phone, if you gave a number) to schedule a short call at a time that suits you. The consultation is free and commits you to nothing.',
    'To add anything, reply to this e-mail.',
  ]);
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

    /** The visitor's acknowledgement, at most one a day per address (the service decides). */
    consultationAcknowledged(request: ConsultationMail): void {
      send.inBackground('consultation-acknowledged', ({ brand }) => ({
        to: request.email,
        ...consultationAcknowledgedEmail(brand, request),
      }));
    },
  };
}
