import type { Logger } from 'pino';
import type { PlanId } from '@shared/plans';
import { invoiceName } from '@shared/schemas/invoices';
import type { BackgroundWork } from '../../lib/background-work';
import type { EmailBrand, EmailClient } from '../../lib/email-layout';
import { adminInvitationEmail, adminPasswordResetEmail } from '../admin-auth/admin-auth.emails';
import {
  accountExistsEmail,
  emailChangeCodeEmail,
  emailChangedEmail,
  emailChangeRefusedEmail,
  emailCodeEmail,
  passwordResetCodeEmail,
  passwordResetLinkEmail,
} from '../identity/identity.emails';
import {
  consultationRequestedEmail,
  type ConsultationMail,
} from '../consultations/consultations.emails';
import {
  creditNoteIssuedEmail,
  invoiceIssuedEmail,
  invoiceVoidedEmail,
  type CreditNoteMail,
  type HowToPay,
  type InvoiceMail,
} from '../invoices/invoices.emails';
import {
  chargeDeclinedEmail,
  paymentFailedEmail,
  paymentReceiptEmail,
  paymentReminderEmail,
  paymentVoidedEmail,
  refundFailedEmail,
  type RefundFailedMail,
} from '../payments/payments.emails';
import { monthlyReportEmail, reportFilename } from '../reports/reports.emails';
import { signupInvitationEmail, type SignupInvitation } from '../signup-links/signup-links.emails';
import {
  certificateExpiringEmail,
  domainExpiringEmail,
  siteDownAgencyEmail,
  siteDownClientEmail,
  siteRecoveredAgencyEmail,
  siteRecoveredClientEmail,
  type CertificateExpiringMail,
  type DomainExpiringMail,
  type SiteDownMail,
  type SiteRecoveredMail,
} from '../sites/sites.emails';
import {
  cancellationRequestedEmail,
  cancellationWithdrawnEmail,
  subscriptionChangedByAgencyEmail,
  type AgencySubscriptionChange,
  planChangeRequestedEmail,
  planChangeWithdrawnEmail,
  requestWithdrawnEmail,
  subscriptionRequestedEmail,
} from '../subscriptions/subscriptions.emails';
import {
  agencyRepliedEmail,
  filesNotKeptEmail,
  ticketConfirmationEmail,
  ticketCreatedEmail,
} from '../tickets/tickets.emails';
import type { TicketMail } from '../tickets/tickets.service';
import type { OutboxHeaders } from '../../db/schema';
import { newMessageId, ticketReplyAddress, ticketRootMessageId } from '../tickets/ticket-mail';
import type { MailSecret, Mailer, SendResult } from './mailer';
import { adminLinkRef, emailCodeRef, payLinkRef, signupLinkRef } from './secret-refs';

// Where they were first declared; the invoices and payments services import them from here.
export type { CreditNoteMail, HowToPay, InvoiceMail, PayLink } from '../invoices/invoices.emails';
export type { SignupInvitation } from '../signup-links/signup-links.emails';

type Client = EmailClient;
type Agency = EmailBrand;

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

export interface NotificationDeps {
  mailer: Mailer;
  appUrl: string;
  agency: () => Promise<Agency>;
  findClient: (userId: string) => Promise<Client | null>;
  logger: Logger;
  /** Where messages are built and sent after the request that caused them is answered. */
  background: BackgroundWork;
  /** SUPPORT_EMAIL; undefined: the business e-mail of the settings. */
  supportAddress?: string;
}

/** A ticket as its e-mails name it. */
interface MailTicket {
  id: string;
  number: number;
  subject: string;
}

/**
 * Sends what the product tells people by e-mail: each feature renders its own messages
 * (`<feature>.emails.ts`); this adds the recipient, attachments and the secrets the outbox
 * forgets. Sending in the background never fails or delays the request that caused it:
 * the mailer records every message, and an error here is logged.
 */
export function createNotifications({
  mailer,
  appUrl,
  agency,
  findClient,
  logger,
  background,
  supportAddress,
}: NotificationDeps) {
  const support = (brand: Agency) => supportAddress ?? brand.businessEmail;

  /**
   * The headers that thread an e-mail about a ticket: answers go to the ticket's reply
   * address, and it names the e-mail it answers (the client's, or the ticket's confirmation).
   */
  function ticketHeaders(
    brand: Agency,
    ticket: MailTicket,
    mail: TicketMail,
    messageId: string,
  ): OutboxHeaders {
    const root = ticketRootMessageId(support(brand), ticket.id);
    const answers = mail.inReplyTo ?? (messageId === root ? undefined : root);
    return {
      messageId,
      replyTo: ticketReplyAddress(support(brand), mail.replyToken),
      ...(answers && { inReplyTo: answers, references: [...new Set([root, answers])] }),
      ...(mail.automatic && { autoSubmitted: 'auto-replied' }),
    };
  }

  /**
   * Messages being built and recorded after the request that caused them was answered: a
   * shutdown waits for them (nothing half-sent is lost), and so can a test.
   */
  const inBackground = (kind: string, work: Promise<unknown>) => background.track(kind, work);

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
    /**
     * Resolves once every message sent in the background so far is recorded (or failed), and
     * the other work after an answer that may send one ("Forgot password?") has ended.
     */
    async idle(): Promise<void> {
      await background.idle();
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
        ...emailCodeEmail(brand, { code, validMinutes }),
        secret: { ref: emailCodeRef(signIn), values: [code], expiresAt },
      }));
    },

    /**
     * An admin's one-time link (a password reset, an invitation). Not awaited: "Forgot
     * password?" must take as long whether or not the address is an admin's.
     */
    adminLink(
      to: string,
      link: {
        tokenId: string;
        token: string;
        url: string;
        expiresAt: Date;
      } & (
        { kind: 'password_reset'; validMinutes: number } | { kind: 'invite'; invitedBy: string }
      ),
    ) {
      deliverToAddress(`admin-${link.kind}`, (brand) => ({
        to,
        ...(link.kind === 'password_reset'
          ? adminPasswordResetEmail(brand, { resetUrl: link.url, validMinutes: link.validMinutes })
          : adminInvitationEmail(brand, {
              invitedBy: link.invitedBy,
              email: to,
              acceptUrl: link.url,
              expiresAt: link.expiresAt,
            })),
        secret: {
          ref: adminLinkRef(link.tokenId),
          values: [link.token],
          expiresAt: link.expiresAt,
        },
      }));
    },

    /** The admin's link was used or revoked: the outbox keeps no working copy. */
    async forgetAdminLink(tokenId: string): Promise<void> {
      await forget(adminLinkRef(tokenId));
    },

    /** "Forgot password?": the code for a new password, kept and forgotten like emailCode. */
    passwordResetCode(
      to: string,
      code: string,
      {
        signIn,
        validMinutes,
        expiresAt,
      }: { signIn: string; validMinutes: number; expiresAt: Date },
    ) {
      deliverToAddress('password-reset-code', (brand) => ({
        to,
        ...passwordResetCodeEmail(brand, { code, validMinutes }),
        secret: { ref: emailCodeRef(signIn), values: [code], expiresAt },
      }));
    },

    /**
     * The agency's password-reset e-mail to a client: a link to the sign-in page's
     * "Forgot password?" step for their address. Awaited: the agency is told it went.
     */
    async passwordResetLink(to: string): Promise<SendResult> {
      const brand = await agency();
      const url = `${appUrl}/api/login?${new URLSearchParams({ screen: 'forgot', login_hint: to })}`;
      return mailer.send({ to, ...passwordResetLinkEmail(brand, { url }) });
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

    /**
     * The code that proves a client's new sign-in address, kept and forgotten like emailCode
     * (under the change's key). Not awaited, like emailCode.
     */
    emailChangeCode(
      to: string,
      code: string,
      {
        key,
        validFor,
        expiresAt,
        startedBy,
      }: { key: string; validFor: string; expiresAt: Date; startedBy: 'client' | 'agency' },
    ) {
      deliverToAddress('email-change-code', (brand) => ({
        to,
        ...emailChangeCodeEmail(brand, {
          code,
          validFor,
          startedBy,
          portalUrl: `${appUrl}/portal/dashboard`,
        }),
        secret: { ref: emailCodeRef(key), values: [code], expiresAt },
      }));
    },

    /** A client asked to move their account to an address that has one: its holder is told. */
    emailChangeRefused(to: string) {
      deliverToAddress('email-change-refused', (brand) => ({
        to,
        ...emailChangeRefusedEmail(brand),
      }));
    },

    /** The client's sign-in address changed: the previous address is told. */
    emailChanged(previousAddress: string, newAddress: string) {
      deliverToAddress('email-changed', (brand) => ({
        to: previousAddress,
        ...emailChangedEmail(brand, { newEmail: newAddress }),
      }));
    },

    /** Someone tried to create an account for an address that has one: its owner is told. */
    accountAlreadyExists(to: string) {
      deliverToAddress('account-exists', (brand) => ({
        to,
        ...accountExistsEmail(brand, { appUrl }),
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
          ...invoiceIssuedEmail(brand, invoice, howToPay, { appUrl }),
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
        ...paymentReceiptEmail(brand, invoice, { appUrl }),
        attachments: [
          {
            filename: `${invoiceName(invoice)}-paid.pdf`,
            contentType: 'application/pdf',
            content: pdf,
          },
        ],
      });
    },

    /** A sent invoice was voided: the client is told they owe nothing on it. */
    async invoiceVoided(invoice: InvoiceMail, reason: string): Promise<SendResult> {
      const brand = await agency();
      return mailer.send({
        to: invoice.clientEmail,
        ...invoiceVoidedEmail(brand, invoice, reason, { appUrl }),
      });
    },

    /** A paid invoice was corrected: the credit note, its PDF attached, to the client. */
    async creditNoteIssued(note: CreditNoteMail, pdf: Buffer): Promise<SendResult> {
      const brand = await agency();
      return mailer.send({
        to: note.clientEmail,
        ...creditNoteIssuedEmail(brand, note, { appUrl }),
        attachments: [
          {
            filename: `${note.creditNoteNumber}.pdf`,
            contentType: 'application/pdf',
            content: pdf,
          },
        ],
      });
    },

    /** A payment recorded by mistake was voided: the corrected receipt. */
    async paymentVoided(
      invoice: InvoiceMail & { balanceDue: number },
      payment: { amount: number; paidOn: string; reason: string },
    ): Promise<SendResult> {
      const brand = await agency();
      return mailer.send({
        to: invoice.clientEmail,
        ...paymentVoidedEmail(brand, invoice, payment, { appUrl }),
      });
    },

    /**
     * A card refund Stripe accepted failed later: the agency hears of it at the business
     * e-mail, in the background (Stripe's webhook is answered at once).
     */
    refundFailed(refund: RefundFailedMail) {
      deliverToAddress('refund-failed', (brand) => ({
        to: brand.businessEmail,
        ...refundFailedEmail(brand, refund, { appUrl }),
      }));
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
        ...chargeDeclinedEmail(brand, invoice, decline, howToPay, { appUrl }),
        secret: payLinkSecret(howToPay),
      });
    },

    /** A payment that takes days (a bank debit) failed after Checkout. */
    async paymentFailed(invoice: InvoiceMail, howToPay: HowToPay): Promise<SendResult> {
      const brand = await agency();
      return mailer.send({
        to: invoice.clientEmail,
        ...paymentFailedEmail(brand, invoice, howToPay, { appUrl }),
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
        ...paymentReminderEmail(brand, invoice, howToPay, { appUrl }),
        secret: payLinkSecret(howToPay),
      });
    },

    /**
     * The month's report to its client, its PDF attached. Awaited: the report is recorded as
     * sent once the outbox has the message (a refusal is tried again in the background).
     */
    async monthlyReport(
      to: string,
      report: {
        facts: Parameters<typeof monthlyReportEmail>[1];
        greeting: string;
        pdf: Buffer;
      },
    ): Promise<SendResult> {
      const brand = await agency();
      return mailer.send({
        to,
        ...monthlyReportEmail(brand, report.facts, { appUrl, greeting: report.greeting }),
        attachments: [
          {
            filename: reportFilename(report.facts.month, brand.businessName),
            contentType: 'application/pdf',
            content: report.pdf,
          },
        ],
      });
    },

    /** The invitation e-mail as it will be sent: for the admin to read and copy. */
    async signupInvitationText(invitation: SignupInvitation) {
      const { subject, text } = signupInvitationEmail(await agency(), invitation);
      return { subject, body: text };
    },

    /** A signup link to a future client. Awaited, like invoices. */
    async signupInvitation(invitation: SignupInvitation): Promise<SendResult> {
      const brand = await agency();
      return mailer.send(
        {
          to: invitation.email,
          ...signupInvitationEmail(brand, invitation),
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

    /**
     * Someone asked for a consultation on the website: the agency hears of it at the business
     * e-mail. In the background: the request is stored before, whatever becomes of this.
     */
    consultationRequested(request: ConsultationMail) {
      deliverToAddress('consultation-requested', (brand) => ({
        to: brand.businessEmail,
        ...consultationRequestedEmail(brand, request, { appUrl }),
      }));
    },

    /**
     * A client opened a ticket: the agency hears of it, and the client gets a confirmation
     * they can answer (its Message-ID is the ticket's root: ticket-mail.ts).
     */
    ticketCreated(
      userId: string,
      ticket: MailTicket & { description: string; priority: string },
      mail: TicketMail & { confirm: boolean },
    ) {
      deliver('ticket-created', userId, (brand, client) => ({
        to: brand.businessEmail,
        ...ticketCreatedEmail(brand, client, ticket, { appUrl }),
      }));
      if (mail.confirm) this.ticketConfirmation(userId, ticket, mail);
    },

    /**
     * The client's confirmation of a new ticket, which they can answer; for a ticket opened by
     * e-mail, an automatic answer that also names the files that were not kept.
     */
    ticketConfirmation(
      userId: string,
      ticket: MailTicket,
      mail: TicketMail,
      refused: { filename: string; reason: string }[] = [],
      renamed: { filename: string; keptAs: string; reason: string }[] = [],
    ) {
      deliver('ticket-confirmation', userId, (brand, client) =>
        client?.email
          ? {
              to: client.email,
              ...ticketConfirmationEmail(brand, ticket, refused, { appUrl, renamed }),
              headers: ticketHeaders(
                brand,
                ticket,
                mail,
                ticketRootMessageId(support(brand), ticket.id),
              ),
            }
          : null,
      );
    },

    /** The agency answered: the client hears of it, under the Message-ID recorded on it. */
    agencyReplied(
      userId: string,
      ticket: MailTicket,
      message: string,
      mail: TicketMail & { messageId: string },
    ) {
      deliver('ticket-replied', userId, (brand, client) =>
        client?.email
          ? {
              to: client.email,
              ...agencyRepliedEmail(brand, ticket, message, { appUrl }),
              headers: ticketHeaders(brand, ticket, mail, mail.messageId),
            }
          : null,
      );
    },

    /** The Message-ID the next e-mail about a ticket goes out with. */
    async newMessageId(): Promise<string> {
      return newMessageId(support(await agency()));
    },

    /** The automatic answer naming the files of a client's e-mail that were not kept. */
    filesNotKept(
      userId: string,
      ticket: MailTicket,
      refused: { filename: string; reason: string }[],
      mail: TicketMail,
      renamed: { filename: string; keptAs: string; reason: string }[] = [],
    ) {
      deliver('files-not-kept', userId, (brand, client) =>
        client?.email
          ? {
              to: client.email,
              ...filesNotKeptEmail(brand, ticket, refused, { appUrl, renamed }),
              headers: ticketHeaders(
                brand,
                ticket,
                { ...mail, automatic: true },
                newMessageId(support(brand)),
              ),
            }
          : null,
      );
    },

    subscriptionRequested(userId: string, tier: PlanId) {
      deliver('subscription-requested', userId, (brand, client) => ({
        to: brand.businessEmail,
        ...subscriptionRequestedEmail(brand, client, tier),
      }));
    },

    requestWithdrawn(userId: string, tier: PlanId) {
      deliver('request-withdrawn', userId, (brand, client) => ({
        to: brand.businessEmail,
        ...requestWithdrawnEmail(brand, client, tier),
      }));
    },

    cancellationRequested(userId: string, tier: PlanId, periodEnd: Date | null) {
      deliver('cancellation-requested', userId, (brand, client) => ({
        to: brand.businessEmail,
        ...cancellationRequestedEmail(brand, client, tier, periodEnd),
      }));
    },

    planChangeRequested(userId: string, from: PlanId, to: PlanId, startsOn: Date | null) {
      deliver('plan-change-requested', userId, (brand, client) => ({
        to: brand.businessEmail,
        ...planChangeRequestedEmail(brand, client, { from, to, startsOn }),
      }));
    },

    cancellationWithdrawn(userId: string, tier: PlanId) {
      deliver('cancellation-withdrawn', userId, (brand, client) => ({
        to: brand.businessEmail,
        ...cancellationWithdrawnEmail(brand, client, tier),
      }));
    },

    /** The agency changed the client's plan from the client page: the client hears of it. */
    subscriptionChangedByAgency(userId: string, change: AgencySubscriptionChange) {
      deliver('subscription-changed-by-agency', userId, (brand, client) =>
        client?.email
          ? { to: client.email, ...subscriptionChangedByAgencyEmail(brand, change, { appUrl }) }
          : null,
      );
    },

    planChangeWithdrawn(userId: string, kept: PlanId, withdrawn: PlanId) {
      deliver('plan-change-withdrawn', userId, (brand, client) => ({
        to: brand.businessEmail,
        ...planChangeWithdrawnEmail(brand, client, { kept, withdrawn }),
      }));
    },

    /**
     * A client's website went down: the agency hears of it, and the client that we are on it,
     * in the first e-mail of the incident's ticket (answering it adds to the ticket).
     */
    siteDown(userId: string, site: SiteDownMail, mail: TicketMail) {
      deliver('site-down', userId, (brand, client) => ({
        to: brand.businessEmail,
        ...siteDownAgencyEmail(brand, client, site, { appUrl }),
      }));
      deliver('site-down-client', userId, (brand, client) =>
        client?.email
          ? {
              to: client.email,
              ...siteDownClientEmail(brand, site, { appUrl }),
              headers: ticketHeaders(
                brand,
                site.ticket,
                mail,
                ticketRootMessageId(support(brand), site.ticket.id),
              ),
            }
          : null,
      );
    },

    /** The website is back: the agency and the client hear how long it was down. */
    siteRecovered(userId: string, site: SiteRecoveredMail, mail: TicketMail | null) {
      deliver('site-recovered', userId, (brand, client) => ({
        to: brand.businessEmail,
        ...siteRecoveredAgencyEmail(brand, client, site, { appUrl }),
      }));
      deliver('site-recovered-client', userId, (brand, client) =>
        client?.email
          ? {
              to: client.email,
              ...siteRecoveredClientEmail(brand, site, { appUrl }),
              ...(site.ticket &&
                mail && {
                  headers: ticketHeaders(brand, site.ticket, mail, newMessageId(support(brand))),
                }),
            }
          : null,
      );
    },

    /** A website's HTTPS certificate comes within its warning threshold: the agency hears. */
    certificateExpiring(userId: string, site: CertificateExpiringMail) {
      deliver('certificate-expiring', userId, (brand, client) => ({
        to: brand.businessEmail,
        ...certificateExpiringEmail(brand, client, site, { appUrl }),
      }));
    },

    /** A website's domain comes within its warning threshold: the agency hears. */
    domainExpiring(userId: string, site: DomainExpiringMail) {
      deliver('domain-expiring', userId, (brand, client) => ({
        to: brand.businessEmail,
        ...domainExpiringEmail(brand, client, site, { appUrl }),
      }));
    },
  };
}
export type Notifications = ReturnType<typeof createNotifications>;
