import { formatDateIn } from '@shared/dates';
import type { Statement } from '@shared/schemas/statements';
import { renderEmail, type EmailBrand, type RenderedEmail } from '../../lib/email-layout';
import type { Send, SendResult } from '../mail/mail.service';
import { closingWords } from './statement-pdf';

/** The PDF's file name: 'Statement-2026-02-01-to-2026-02-28.pdf'. */
export function statementFilename(statement: Pick<Statement, 'from' | 'to'>): string {
  return `Statement-${statement.from}-to-${statement.to}.pdf`;
}

/** A client's statement (the PDF is attached by the sender). */
export function statementEmail(
  brand: EmailBrand,
  statement: Statement,
  { appUrl, greeting }: { appUrl: string; greeting: string },
): RenderedEmail {
  const tz = brand.timeZone;
  const period = `${formatDateIn(statement.from, tz)} to ${formatDateIn(statement.to, tz)}`;
  const end = formatDateIn(statement.to, tz);
  const owed =
    statement.closingBalance > 0
      ? `On ${end} you owed ${closingWords(statement.closingBalance)}.`
      : statement.closingBalance < 0
        ? `On ${end} you had ${closingWords(statement.closingBalance)}.`
        : `On ${end} you owed nothing: thank you.`;
  return renderEmail(
    brand,
    `Your statement from ${brand.businessName}, ${period}`,
    [
      `Hello ${greeting},`,
      `Your statement for ${period} is attached: every invoice, payment and credit in it, with the balance after each.`,
      owed,
      `Questions about it? Reply to this e-mail or write to ${brand.businessEmail}.`,
    ],
    { href: `${appUrl}/portal/dashboard`, label: 'See your statement in your client portal' },
  );
}

/** Sends statements (the statement service's `mail`). */
export function createStatementEmails(send: Send) {
  return {
    /** The statement to its client with its PDF. Awaited: the caller says whether it went. */
    statement: (
      to: string,
      statement: Statement,
      { greeting, pdf }: { greeting: string; pdf: Buffer },
    ): Promise<SendResult> =>
      send.awaited(({ brand, appUrl }) => ({
        to,
        ...statementEmail(brand, statement, { appUrl, greeting }),
        attachments: [
          { filename: statementFilename(statement), contentType: 'application/pdf', content: pdf },
        ],
      })),
  };
}
export type StatementEmails = ReturnType<typeof createStatementEmails>;
