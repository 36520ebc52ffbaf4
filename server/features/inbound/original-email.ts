import { simpleParser } from 'mailparser';
import type { OriginalEmail } from '@shared/schemas/inbound';
import { AppError } from '../../lib/errors';
import { existingId } from '../../lib/ids';
import type { InboundRepository } from './inbound.repository';
import { mimeBombRefusal, READER_LIMITS } from './mime-guard';
import { ORIGINAL_GONE, type RawMessages } from './raw-messages';
import type { ReadingSlots } from './reading-slots';
import { fullText } from './reply-text';

export const ORIGINAL_NOT_FOUND = 'Original e-mail not found';

/**
 * The whole e-mail behind a ticket's message (or the one that opened the ticket, without a
 * message id), reduced to text like everything from a mail: what the reply parser cut (the
 * quoted history, the signature) stays readable by the admin here. 410 once the original is
 * past its retention (Settings).
 */
export function createOriginalEmails({
  repository,
  rawMessages,
  reading,
}: {
  repository: Pick<InboundRepository, 'originalOf'>;
  rawMessages: Pick<RawMessages, 'read'>;
  reading: ReadingSlots;
}) {
  return async function originalEmail(
    ticketId: string,
    ticketMessageId: string | null,
  ): Promise<OriginalEmail> {
    const found = await repository.originalOf(
      existingId(ticketId, ORIGINAL_NOT_FOUND),
      ticketMessageId === null ? null : existingId(ticketMessageId, ORIGINAL_NOT_FOUND),
    );
    if (!found) throw new AppError(404, ORIGINAL_NOT_FOUND);
    const { rawKey } = found;
    return reading(async () => {
      const raw = rawKey ? await rawMessages.read(rawKey) : null;
      if (!raw) throw new AppError(410, ORIGINAL_GONE);
      if (mimeBombRefusal(raw)) throw new AppError(404, ORIGINAL_NOT_FOUND);
      const mail = await simpleParser(raw, {
        ...READER_LIMITS,
        skipImageLinks: true,
        skipHtmlToText: true,
        skipTextToHtml: true,
      });
      return {
        from: mail.from?.text ?? '',
        to: [mail.to]
          .flat()
          .map((list) => list?.text ?? '')
          .filter(Boolean)
          .join(', '),
        date: mail.date ? mail.date.toISOString() : null,
        subject: mail.subject ?? '',
        text: fullText(mail),
      };
    });
  };
}
export type OriginalEmails = ReturnType<typeof createOriginalEmails>;
