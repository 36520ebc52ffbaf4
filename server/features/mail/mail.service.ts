import type { OutboxEntry, OutboxMessage } from '@shared/schemas/mail';
import { AppError } from '../../lib/errors';
import { existingId } from '../../lib/ids';
import type { MailRepository } from './mail.repository';
import type { Mailer } from './mailer';

const OUTBOX_PAGE = 200;
const NOT_FOUND = 'Message not found';

const checkedId = (id: string) => existingId(id, NOT_FOUND);

export function createMailService(repository: MailRepository, mailer: Mailer) {
  async function find(id: string) {
    const row = await repository.find(checkedId(id));
    if (!row) throw new AppError(404, NOT_FOUND);
    return row;
  }

  return {
    /** POST /api/admin/test-email: a message to the signed-in admin, and what became of it. */
    async sendTest(to: string, brand: string): Promise<{ message: string; details?: string }> {
      const result = await mailer.send({
        to,
        subject: `${brand}: test e-mail`,
        text: `This is a test message from ${brand}. If you can read it, e-mail works.`,
      });
      if (!result.delivered) {
        return {
          message: `The test e-mail to ${to} could not be sent through ${result.transport}.`,
          details: result.error,
        };
      }
      return {
        message: `Test e-mail sent to ${to}.`,
        details: `Sent through ${result.transport}.`,
      };
    },

    async list(): Promise<OutboxEntry[]> {
      const rows = await repository.list(OUTBOX_PAGE);
      return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
    },

    async get(id: string): Promise<OutboxMessage> {
      const row = await find(id);
      return {
        id: row.id,
        fromAddress: row.fromAddress,
        toAddress: row.toAddress,
        subject: row.subject,
        text: row.text,
        html: row.html,
        status: row.status,
        error: row.error,
        createdAt: row.createdAt.toISOString(),
        attachments: row.attachments.map((attachment, index) => ({
          index,
          filename: attachment.filename,
          contentType: attachment.contentType,
          size: Buffer.from(attachment.contentBase64, 'base64').length,
        })),
      };
    },

    async attachment(id: string, index: number) {
      const row = await find(id);
      const attachment = row.attachments[index];
      if (!attachment) throw new AppError(404, 'Attachment not found');
      return {
        filename: attachment.filename,
        contentType: attachment.contentType,
        content: Buffer.from(attachment.contentBase64, 'base64'),
      };
    },
  };
}
export type MailService = ReturnType<typeof createMailService>;
