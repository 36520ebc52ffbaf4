import type { Logger } from 'pino';
import { formatCents } from '@shared/money';
import { findPlan, type PlanId } from '@shared/plans';
import { invoiceName } from '@shared/schemas/invoices';
import { html, type SafeHtml } from '../../lib/html';
import type { MailSecret, Mailer, SendResult } from './mailer';
import { displayDate, displayDateTime, fullName } from '../../lib/format';

interface Client {
  email: string | null;
  firstName: string | null;
  lastName: string | null;
}

interface Agency {
  businessName: string;
  businessEmail: string;
}

/** An invoice as its e-mail describes it (amounts in integer cents). */
export interface InvoiceMail {
  invoiceNumber: string | null;
  clientName: string;
  clientEmail: string;
  total: number;
  dueDate: string;
}

/** A pay link as handed out: where it leads, and until when it works. */
export interface PayLink {
  invoiceId: string;
  url: string;
  expiresAt: Date;
}

/** How an unpaid invoice can be paid, as its e-mails and PDF say it. */
export interface HowToPay {
  /** Null when card payment is off. */
  payLink: PayLink | null;
  instructions: string;
}

/** The lines that tell how to pay: the pay link's label is the call to action. */
function howToPayLines(howToPay: HowToPay): string[] {
  return howToPay.instructions ? [`How to pay:\n${howToPay.instructions}`] : [];
}

const payLink = ({ payLink }: HowToPay) =>
  payLink ? { href: payLink.url, label: 'Pay this invoice online' } : undefined;

/** What the outbox forgets of a message with a pay link, once it is used or expires. */
const payLinkSecret = ({ payLink }: HowToPay, inAttachments = false): MailSecret | undefined =>
  payLink
    ? {
        ref: payLinkRef(payLink.invoiceId),
        values: [payLink.url.split('/').at(-1)!],
        expiresAt: payLink.expiresAt,
        inAttachments,
      }
    : undefined;

/** A signup invitation as its e-mail describes it. */
export interface SignupInvitation {
  /** The signup link's id: the outbox forgets the link when it is used. */
  linkId: string;
  email: string;
  planName: string;
  priceCents: number;
  signupUrl: string;
  expiresAt: Date;
}

/** The e-mail that carries a signup link: the admin sees it before sending it. */
function signupInvitationMessage(brand: string, invitation: SignupInvitation) {
  const expires = displayDateTime(invitation.expiresAt);
  return {
    subject: `Your ${invitation.planName} plan with ${brand}: create your account`,
    lines: [
      'Hello,',
      `We are ready to start on your website. Your plan is ${invitation.planName} at ${formatCents(invitation.priceCents)} per month: billed monthly, no setup fees, cancel anytime.`,
      'Create your client account with the link below to confirm it. You will get your first invoice once your account is set up, and the plan starts when it is paid.',
      `The link is for ${invitation.email} only and works once, until ${expires}.`,
    ],
  };
}

export interface NotificationDeps {
  mailer: Mailer;
  appUrl: string;
  agency: () => Promise<Agency>;
  findClient: (userId: string) => Promise<Client | null>;
  logger: Logger;
}

function clientName(client: Client | null): string {
  return (client && fullName(client)) || client?.email || 'A client';
}

/** The client as the agency reads it: name, and e-mail when known. */
function clientLabel(client: Client | null): string {
  return `${clientName(client)}${client?.email ? ` (${client.email})` : ''}`;
}

const planName = (tier: PlanId) => findPlan(tier)?.name ?? tier;

/** What the secret of a message opens (mailer.ts MailSecret): a sign-in's code, a link. */
const emailCodeRef = (signIn: string) => `email-code:${signIn}`;
const signupLinkRef = (linkId: string) => `signup-link:${linkId}`;
const payLinkRef = (invoiceId: string) => `pay-link:${invoiceId}`;

/** A short message in the brand's frame: plain text and the same in simple HTML. */
function compose(agency: Agency, lines: string[], link?: { href: string; label: string }) {
  // Paragraphs separated by a blank line, as a person would write them.
  const text = [
    ...lines,
    ...(link ? [`${link.label}: ${link.href}`] : []),
    `— ${agency.businessName}`,
  ].join('\n\n');
  const body: SafeHtml = html`<div
    style="font-family:Arial,sans-serif;font-size:15px;line-height:1.5;color:#0b3b4f"
  >
    <p style="font-size:18px;font-weight:bold;color:#0e7490">${agency.businessName}</p>
    ${lines.map((line) => html`<p style="white-space:pre-wrap">${line}</p>`)}
    ${link ? html`<p><a href="${link.href}" style="color:#0e7490">${link.label}</a></p>` : ''}
  </div>`;
  return { text, html: body.value };
}

/**
 * What the product tells people by e-mail about support and subscriptions. Sending never
 * fails or delays the request that caused it: the mailer records every message, and an
 * error here is logged.
 */
export function createNotifications({
  mailer,
  appUrl,
  agency,
  findClient,
  logger,
}: NotificationDeps) {
  /**
   * Messages being built and recorded after the request that caused them was answered: a
   * shutdown waits for them (nothing half-sent is lost), and so can a test.
   */
  const inFlight = new Set<Promise<unknown>>();
  function inBackground(kind: string, work: Promise<unknown>) {
    const tracked = work
      .catch((error: unknown) => logger.error({ err: error, kind }, 'notification failed'))
      .finally(() => inFlight.delete(tracked));
    inFlight.add(tracked);
  }

  /** Looks up the agency and the client once, builds the message, and sends it. */
  function deliver(
    kind: string,
    userId: string,
    build: (brand: Agency, client: Client | null) => Parameters<Mailer['send']>[0] | null,
  ) {
    inBackground(
      kind,
      Promise.all([agency(), findClient(userId)])
        .then(([brand, client]) => build(brand, client))
        .then((message) => (message ? mailer.send(message) : undefined)),
    );
  }

  /** Builds and sends a message that needs only the agency, in the background like deliver. */
  function deliverToAddress(kind: string, build: (brand: Agency) => Parameters<Mailer['send']>[0]) {
    inBackground(
      kind,
      agency().then((brand) => mailer.send(build(brand))),
    );
  }

  /**
   * Blanks a used secret out of the outbox. Never fails the action that used it (a payment, a
   * sign-up): a secret left behind is blanked by the sweep once it expires.
   */
  async function forget(ref: string): Promise<void> {
    try {
      await mailer.forgetSecret(ref);
    } catch (error) {
      logger.error({ err: error, ref }, 'used secret not blanked out of the outbox');
    }
  }

  return {
    /** Resolves once every message sent in the background so far is recorded (or failed). */
    async idle(): Promise<void> {
      while (inFlight.size > 0) await Promise.all(inFlight);
    },

    /**
     * The built-in provider's one-time code that proves an address is the reader's. Not
     * awaited: a sign-up must take as long whether this or accountAlreadyExists is sent.
     */
    emailCode(
      to: string,
      code: string,
      {
        signIn,
        validMinutes,
        expiresAt,
      }: { signIn: string; validMinutes: number; expiresAt: Date },
    ) {
      deliverToAddress('email-code', (brand) => ({
        to,
        // Not in the subject: subjects are listed, searched and logged; the body is blanked
        // out of the outbox once the code is used or expires.
        subject: `Your ${brand.businessName} verification code`,
        ...compose(brand, [
          'Hello,',
          `Enter this code to confirm your e-mail address and finish signing in to your client portal: ${code}`,
          `It works once, for ${validMinutes} minutes. If you did not ask for it, ignore this e-mail: nothing happens without the code.`,
        ]),
        secret: { ref: emailCodeRef(signIn), values: [code], expiresAt },
      }));
    },

    /** The invoice's pay link was used up (paid), revoked or deleted with it. */
    async forgetPayLink(invoiceId: string): Promise<void> {
      await forget(payLinkRef(invoiceId));
    },

    /** The signup link was used: the outbox keeps no working copy. */
    async forgetSignupLink(linkId: string): Promise<void> {
      await forget(signupLinkRef(linkId));
    },

    /** The code of the sign-in `signIn` was used or replaced. */
    async forgetCode(signIn: string): Promise<void> {
      await forget(emailCodeRef(signIn));
    },

    /** Someone tried to create an account for an address that has one: its owner is told. */
    accountAlreadyExists(to: string) {
      deliverToAddress('account-exists', (brand) => ({
        to,
        subject: `Your ${brand.businessName} client portal account`,
        ...compose(
          brand,
          [
            'Hello,',
            'Someone, perhaps you, tried to create a client portal account with this e-mail address. You already have one, so nothing was changed.',
            `If it was you, sign in with your password. If you have forgotten it, write to ${brand.businessEmail}. If it was not you, you can ignore this e-mail.`,
          ],
          { href: `${appUrl}/api/login`, label: 'Sign in' },
        ),
      }));
    },

    /** The invoice, PDF attached, to its client. Awaited: the caller needs to know it went. */
    async invoiceIssued(
      invoice: InvoiceMail,
      pdf: Buffer,
      howToPay: HowToPay,
    ): Promise<SendResult> {
      const brand = await agency();
      return mailer.send(
        {
          to: invoice.clientEmail,
          subject: `Invoice ${invoiceName(invoice)} from ${brand.businessName}`,
          ...compose(
            brand,
            [
              `Hello ${invoice.clientName},`,
              `Please find attached invoice ${invoiceName(invoice)} for ${formatCents(invoice.total)}, due ${displayDate(invoice.dueDate)}.`,
              ...howToPayLines(howToPay),
              `Questions about it? Reply to this e-mail or write to ${brand.businessEmail}.`,
            ],
            payLink(howToPay) ?? {
              href: `${appUrl}/portal/dashboard`,
              label: 'See your billing history',
            },
          ),
          attachments: [
            {
              filename: `${invoiceName(invoice)}.pdf`,
              contentType: 'application/pdf',
              content: pdf,
            },
          ],
          // The PDF prints the pay link too.
          secret: payLinkSecret(howToPay, true),
        },
        // A refusal leaves the invoice as it was and the admin is told: no copy later.
        { retry: false },
      );
    },

    /** A payment covered the invoice: the receipt, with the PDF marked paid. */
    async paymentReceipt(invoice: InvoiceMail, pdf: Buffer): Promise<SendResult> {
      const brand = await agency();
      return mailer.send({
        to: invoice.clientEmail,
        subject: `Receipt for invoice ${invoiceName(invoice)} from ${brand.businessName}`,
        ...compose(
          brand,
          [
            `Hello ${invoice.clientName},`,
            `Thank you: invoice ${invoiceName(invoice)} (${formatCents(invoice.total)}) is paid in full.`,
            'The invoice, marked paid, is attached for your records.',
          ],
          { href: `${appUrl}/portal/dashboard`, label: 'See your billing history' },
        ),
        attachments: [
          {
            filename: `${invoiceName(invoice)}-paid.pdf`,
            contentType: 'application/pdf',
            content: pdf,
          },
        ],
      });
    },

    /** The saved card was declined for a renewal: when the next try is, and how to pay now. */
    async chargeDeclined(
      invoice: InvoiceMail,
      decline: { reason: string; nextTry: string | null; amount: number },
      howToPay: HowToPay,
    ): Promise<SendResult> {
      const brand = await agency();
      return mailer.send({
        to: invoice.clientEmail,
        subject: `Your card was declined for invoice ${invoiceName(invoice)}`,
        ...compose(
          brand,
          [
            `Hello ${invoice.clientName},`,
            `We tried to charge your saved card ${formatCents(decline.amount)} for invoice ${invoiceName(invoice)}, but it was declined (${decline.reason}).`,
            decline.nextTry
              ? `We will try again on ${displayDate(decline.nextTry)}. To pay now or with another card, use the link below.`
              : 'That was our last try. Please pay with the link below to keep your plan running.',
            ...howToPayLines(howToPay),
          ],
          payLink(howToPay),
        ),
        secret: payLinkSecret(howToPay),
      });
    },

    /** A payment that takes days (a bank debit) failed after Checkout. */
    async paymentFailed(invoice: InvoiceMail, howToPay: HowToPay): Promise<SendResult> {
      const brand = await agency();
      return mailer.send({
        to: invoice.clientEmail,
        subject: `Your payment for invoice ${invoiceName(invoice)} did not go through`,
        ...compose(
          brand,
          [
            `Hello ${invoice.clientName},`,
            `Your payment for invoice ${invoiceName(invoice)} (${formatCents(invoice.total)}) did not go through, so the invoice is still open.`,
            ...howToPayLines(howToPay),
          ],
          payLink(howToPay),
        ),
        secret: payLinkSecret(howToPay),
      });
    },

    /** An overdue invoice, reminded on one of the settings' days after its due date. */
    async paymentReminder(
      invoice: InvoiceMail & { balanceDue: number },
      howToPay: HowToPay,
    ): Promise<SendResult> {
      const brand = await agency();
      return mailer.send({
        to: invoice.clientEmail,
        subject: `Reminder: invoice ${invoiceName(invoice)} is overdue`,
        ...compose(
          brand,
          [
            `Hello ${invoice.clientName},`,
            `Invoice ${invoiceName(invoice)} was due on ${displayDate(invoice.dueDate)} and ${formatCents(invoice.balanceDue)} is still open. Please pay it to keep your plan running.`,
            ...howToPayLines(howToPay),
            `Already paid, or a question? Reply to this e-mail or write to ${brand.businessEmail}.`,
          ],
          payLink(howToPay),
        ),
        secret: payLinkSecret(howToPay),
      });
    },

    /** The invitation e-mail as it will be sent: for the admin to read and copy. */
    async signupInvitationText(invitation: SignupInvitation) {
      const brand = await agency();
      const message = signupInvitationMessage(brand.businessName, invitation);
      const { text } = compose(brand, message.lines, {
        href: invitation.signupUrl,
        label: 'Create your account',
      });
      return { subject: message.subject, body: text };
    },

    /** A signup link to a future client. Awaited, like invoices. */
    async signupInvitation(invitation: SignupInvitation): Promise<SendResult> {
      const brand = await agency();
      const message = signupInvitationMessage(brand.businessName, invitation);
      return mailer.send(
        {
          to: invitation.email,
          subject: message.subject,
          ...compose(brand, message.lines, {
            href: invitation.signupUrl,
            label: 'Create your account',
          }),
          secret: {
            ref: signupLinkRef(invitation.linkId),
            values: [invitation.signupUrl.split('/').at(-1)!],
            expiresAt: invitation.expiresAt,
          },
        },
        // The admin is told of a refusal and sends it again from the dialog.
        { retry: false },
      );
    },

    /** A client opened a ticket: the agency hears of it. */
    ticketCreated(
      userId: string,
      ticket: { id: string; subject: string; description: string; priority: string },
    ) {
      deliver('ticket-created', userId, (brand, client) => {
        return {
          to: brand.businessEmail,
          subject: `New support ticket: ${ticket.subject}`,
          ...compose(
            brand,
            [
              `${clientLabel(client)} opened a ticket (priority ${ticket.priority}).`,
              ticket.description,
            ],
            { href: `${appUrl}/admin/support/${ticket.id}`, label: 'Answer it in the admin panel' },
          ),
        };
      });
    },

    /** The agency answered: the client hears of it. */
    agencyReplied(userId: string, ticket: { id: string; subject: string }, message: string) {
      deliver('ticket-replied', userId, (brand, client) => {
        if (!client?.email) return null;
        return {
          to: client.email,
          subject: `Re: ${ticket.subject}`,
          ...compose(brand, [`${brand.businessName} replied to your ticket:`, message], {
            href: `${appUrl}/portal/support/${ticket.id}`,
            label: 'See the conversation',
          }),
        };
      });
    },

    subscriptionRequested(userId: string, tier: PlanId) {
      deliver('subscription-requested', userId, (brand, client) => {
        const plan = planName(tier);
        return {
          to: brand.businessEmail,
          subject: `Plan request: ${plan} from ${clientName(client)}`,
          ...compose(brand, [
            `${clientLabel(client)} asked for the ${plan} plan.`,
            'A draft invoice for the first month is ready in the admin panel: send it, and the plan starts when it is paid.',
          ]),
        };
      });
    },

    requestWithdrawn(userId: string, tier: PlanId) {
      deliver('request-withdrawn', userId, (brand, client) => {
        const plan = planName(tier);
        return {
          to: brand.businessEmail,
          subject: `Plan request withdrawn: ${clientName(client)} (${plan})`,
          ...compose(brand, [
            `${clientLabel(client)} withdrew the request for the ${plan} plan. Nothing needs to be invoiced.`,
          ]),
        };
      });
    },

    cancellationRequested(userId: string, tier: PlanId, periodEnd: Date | null) {
      deliver('cancellation-requested', userId, (brand, client) => {
        const plan = planName(tier);
        const until = periodEnd ? displayDate(periodEnd) : 'the end of the current period';
        return {
          to: brand.businessEmail,
          subject: `Cancellation request: ${clientName(client)} (${plan})`,
          ...compose(brand, [
            `${clientLabel(client)} asked to cancel the ${plan} plan.`,
            `It stays active until ${until}, then ends.`,
          ]),
        };
      });
    },

    planChangeRequested(userId: string, from: PlanId, to: PlanId, startsOn: Date | null) {
      deliver('plan-change-requested', userId, (brand, client) => {
        const when = startsOn ? displayDate(startsOn) : 'the next billing period';
        return {
          to: brand.businessEmail,
          subject: `Plan change: ${clientName(client)} (${planName(from)} to ${planName(to)})`,
          ...compose(brand, [
            `${clientLabel(client)} asked to move from the ${planName(from)} plan to the ${planName(to)} plan.`,
            `The change starts on ${when}: the renewal invoice for that period bills the ${planName(to)} plan.`,
          ]),
        };
      });
    },

    planChangeWithdrawn(userId: string, kept: PlanId, withdrawn: PlanId) {
      deliver('plan-change-withdrawn', userId, (brand, client) => ({
        to: brand.businessEmail,
        subject: `Plan change withdrawn: ${clientName(client)} (stays on ${planName(kept)})`,
        ...compose(brand, [
          `${clientLabel(client)} withdrew the change to the ${planName(withdrawn)} plan and stays on the ${planName(kept)} plan.`,
        ]),
      }));
    },
  };
}
export type Notifications = ReturnType<typeof createNotifications>;
