import {
  clientLabel,
  renderEmail,
  type EmailBrand,
  type EmailClient,
  type RenderedEmail,
} from '../../lib/email-layout';
import type { OutboxHeaders } from '../../db/schema';
import {
  newMessageId,
  oneLine,
  REPLY_ABOVE_MARKER,
  ticketReplyAddress,
  ticketRootMessageId,
  ticketSubject,
} from './ticket-mail';
import type { MailContext, Send } from '../mail/mail.service';
import type { TicketMail } from './tickets.service';

/** The paragraphs naming the files of an e-mail that were not kept, each with the reason. */
function notKept(refused: { filename: string; reason: string }[]): string[] {
  return [
    'These files were not kept:',
    refused.map(({ filename, reason }) => `${oneLine(filename)}: ${reason}`).join('\n'),
    'Please send them again in another format, or share a link to them.',
  ];
}

/** The paragraphs naming the files of an e-mail kept under another name, each with why. */
function keptRenamed(renamed: RenamedFiles): string[] {
  return [
    'These files were kept under another name, for what they contain:',
    renamed
      .map(
        ({ filename, keptAs, reason }) =>
          `${oneLine(filename)} is now ${oneLine(keptAs)}: ${reason}`,
      )
      .join('\n'),
  ];
}

/** A client opened a ticket: the agency hears of it. */
export function ticketCreatedEmail(
  brand: EmailBrand,
  client: EmailClient | null,
  ticket: { id: string; subject: string; description: string; priority: string },
  { appUrl }: { appUrl: string },
): RenderedEmail {
  return renderEmail(
    brand,
    `New support ticket: ${oneLine(ticket.subject)}`,
    [`${clientLabel(client)} opened a ticket (priority ${ticket.priority}).`, ticket.description],
    { href: `${appUrl}/admin/support/${ticket.id}`, label: 'Answer it in the admin panel' },
  );
}

type ClientTicket = { id: string; number: number; subject: string };
type RefusedFiles = { filename: string; reason: string }[];
type RenamedFiles = { filename: string; keptAs: string; reason: string }[];

/**
 * An e-mail to the client about their ticket: the number in the subject, our "reply above"
 * marker first (an answer to it adds to the ticket), and a link to the ticket in the portal.
 */
function clientTicketEmail(
  brand: EmailBrand,
  ticket: ClientTicket,
  {
    subjectPrefix,
    paragraphs,
    linkLabel,
    appUrl,
  }: {
    subjectPrefix?: string;
    paragraphs: string[];
    linkLabel: string;
    appUrl: string;
  },
): RenderedEmail {
  return renderEmail(
    brand,
    ticketSubject(ticket.number, ticket.subject, subjectPrefix),
    [REPLY_ABOVE_MARKER, ...paragraphs],
    { href: `${appUrl}/portal/support/${ticket.id}`, label: linkLabel },
  );
}

/**
 * The client's confirmation of a new ticket (opened in the portal or by e-mail): the number
 * in the subject, and answering it adds to the ticket.
 */
export function ticketConfirmationEmail(
  brand: EmailBrand,
  ticket: ClientTicket,
  refused: RefusedFiles,
  { appUrl, renamed = [] }: { appUrl: string; renamed?: RenamedFiles },
): RenderedEmail {
  return clientTicketEmail(brand, ticket, {
    paragraphs: [
      `We received your request and opened ticket #${ticket.number}: ${oneLine(ticket.subject)}.`,
      ...(refused.length > 0 ? notKept(refused) : []),
      ...(renamed.length > 0 ? keptRenamed(renamed) : []),
      'Answer this e-mail to add to it; we will reply here.',
    ],
    linkLabel: 'See your ticket',
    appUrl,
  });
}

/** The agency answered: the client hears of it, and may answer the e-mail. */
export function agencyRepliedEmail(
  brand: EmailBrand,
  ticket: ClientTicket,
  message: string,
  { appUrl }: { appUrl: string },
): RenderedEmail {
  return clientTicketEmail(brand, ticket, {
    subjectPrefix: 'Re: ',
    paragraphs: [`${brand.businessName} replied to your ticket:`, message],
    linkLabel: 'See the conversation',
    appUrl,
  });
}

/**
 * Files of an e-mail that were not kept, or kept under another name, each with the reason; the
 * rest of it was.
 */
export function filesNotKeptEmail(
  brand: EmailBrand,
  ticket: ClientTicket,
  refused: RefusedFiles,
  { appUrl, renamed = [] }: { appUrl: string; renamed?: RenamedFiles },
): RenderedEmail {
  return clientTicketEmail(brand, ticket, {
    subjectPrefix: refused.length > 0 ? 'Files not kept: ' : 'Files renamed: ',
    paragraphs: [
      `Your message was added to ticket #${ticket.number}.`,
      ...(refused.length > 0 ? notKept(refused) : []),
      ...(renamed.length > 0 ? keptRenamed(renamed) : []),
    ],
    linkLabel: 'See your ticket',
    appUrl,
  });
}

/**
 * The headers that thread an e-mail about a ticket: answers go to the ticket's reply address,
 * and it names the e-mail it answers (the client's, or the ticket's confirmation). The site
 * care's incident e-mails are threaded the same way.
 */
export function ticketHeaders(
  { supportAddress }: MailContext,
  ticket: { id: string },
  mail: TicketMail,
  messageId: string,
): OutboxHeaders {
  const root = ticketRootMessageId(supportAddress, ticket.id);
  const answers = mail.inReplyTo ?? (messageId === root ? undefined : root);
  return {
    messageId,
    replyTo: ticketReplyAddress(supportAddress, mail.replyToken),
    ...(answers && { inReplyTo: answers, references: [...new Set([root, answers])] }),
    ...(mail.automatic && { autoSubmitted: 'auto-replied' }),
  };
}

/**
 * Sends the tickets' e-mails (the ticket service's TicketEvents, and the inbound mail's
 * automatic answers), in the background: a ticket is kept whatever becomes of them.
 */
export function createTicketEmails(send: Send) {
  /**
   * The client's confirmation of a new ticket, which they can answer (its Message-ID is the
   * ticket's root); for a ticket opened by e-mail, an automatic answer that also names the
   * files that were not kept.
   */
  function ticketConfirmation(
    userId: string,
    ticket: ClientTicket,
    mail: TicketMail,
    refused: RefusedFiles = [],
    renamed: RenamedFiles = [],
  ): void {
    send.inBackground(
      'ticket-confirmation',
      (context) =>
        context.client?.email
          ? {
              to: context.client.email,
              ...ticketConfirmationEmail(context.brand, ticket, refused, {
                appUrl: context.appUrl,
                renamed,
              }),
              headers: ticketHeaders(
                context,
                ticket,
                mail,
                ticketRootMessageId(context.supportAddress, ticket.id),
              ),
            }
          : null,
      userId,
    );
  }

  return {
    /** A client opened a ticket: the agency hears of it, and the client gets a confirmation. */
    ticketCreated(
      userId: string,
      ticket: ClientTicket & { description: string; priority: string },
      mail: TicketMail & { confirm: boolean },
    ): void {
      send.inBackground(
        'ticket-created',
        ({ brand, client, appUrl }) => ({
          to: brand.businessEmail,
          ...ticketCreatedEmail(brand, client, ticket, { appUrl }),
        }),
        userId,
      );
      if (mail.confirm) ticketConfirmation(userId, ticket, mail);
    },

    ticketConfirmation,

    /** The agency answered: the client hears of it, under the Message-ID recorded on it. */
    agencyReplied(
      userId: string,
      ticket: ClientTicket,
      message: string,
      mail: TicketMail & { messageId: string },
    ): void {
      send.inBackground(
        'ticket-replied',
        (context) =>
          context.client?.email
            ? {
                to: context.client.email,
                ...agencyRepliedEmail(context.brand, ticket, message, { appUrl: context.appUrl }),
                headers: ticketHeaders(context, ticket, mail, mail.messageId),
              }
            : null,
        userId,
      );
    },

    /** The Message-ID the next e-mail about a ticket goes out with. */
    newMessageId: async (): Promise<string> => newMessageId((await send.context()).supportAddress),

    /** The automatic answer naming the files of a client's e-mail that were not kept. */
    filesNotKept(
      userId: string,
      ticket: ClientTicket,
      refused: RefusedFiles,
      mail: TicketMail,
      renamed: RenamedFiles = [],
    ): void {
      send.inBackground(
        'files-not-kept',
        (context) =>
          context.client?.email
            ? {
                to: context.client.email,
                ...filesNotKeptEmail(context.brand, ticket, refused, {
                  appUrl: context.appUrl,
                  renamed,
                }),
                headers: ticketHeaders(
                  context,
                  ticket,
                  { ...mail, automatic: true },
                  newMessageId(context.supportAddress),
                ),
              }
            : null,
        userId,
      );
    },
  };
}
