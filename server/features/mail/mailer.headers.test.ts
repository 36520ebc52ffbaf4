import nodemailer from 'nodemailer';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpSink, type SmtpSink } from '@tests/support/smtp-sink';
import { openTestDatabase } from '@tests/support/test-database';
import type { DatabaseHandle } from '../../db/client';
import { outboxMessages } from '../../db/schema';
import { createMailRepository } from './mail.repository';
import { createMailer } from './mailer';

let smtp: SmtpSink;
let database: DatabaseHandle;
beforeAll(async () => {
  smtp = await startSmtpSink();
  database = await openTestDatabase();
});
afterAll(async () => {
  await smtp.close();
  await database.close();
});

const injected = 'Menu\r\nBcc: victim@example.com\r\nX-Injected: yes';

describe('the headers of a message about a ticket', () => {
  it('go out as given, and a subject cannot add a header line', async () => {
    const mailer = createMailer({
      smtpUrl: smtp.url,
      from: 'Studio <studio@example.com>',
      defaultFrom: async () => ({ name: 'unused', address: 'unused@example.com' }),
      repository: createMailRepository(database.db),
      logger: pino({ level: 'silent' }),
    });
    await mailer.send({
      to: 'client@example.com',
      subject: `[#4] ${injected}`,
      text: 'Hello',
      headers: {
        messageId: '<m1@studio.test>',
        replyTo: 'support+t_abc@studio.test',
        inReplyTo: '<ticket-1@studio.test>',
        references: ['<ticket-1@studio.test>'],
        autoSubmitted: 'auto-replied',
      },
    });
    const mail = await smtp.waitFor((m) => m.messageId === '<m1@studio.test>');
    expect(mail.subject).toBe('[#4] Menu Bcc: victim@example.com X-Injected: yes');
    expect(mail.headers.get('bcc')).toBeUndefined();
    expect(mail.headers.get('x-injected')).toBeUndefined();
    expect(mail.replyTo?.text).toBe('support+t_abc@studio.test');
    expect(mail.inReplyTo).toBe('<ticket-1@studio.test>');
    expect(mail.headers.get('auto-submitted')).toBe('auto-replied');
    const [row] = await database.db.select().from(outboxMessages);
    expect(row?.subject).toBe('[#4] Menu Bcc: victim@example.com X-Injected: yes');
    expect(row?.headers).toMatchObject({ messageId: '<m1@studio.test>' });
  });

  it('nodemailer on its own also keeps a subject with line breaks in its header', async () => {
    await nodemailer.createTransport(smtp.url).sendMail({
      from: 'studio@example.com',
      to: 'client@example.com',
      subject: injected,
      messageId: '<m2@studio.test>',
      text: 'Hello',
    });
    const mail = await smtp.waitFor((m) => m.messageId === '<m2@studio.test>');
    expect(mail.headers.get('bcc')).toBeUndefined();
    expect(mail.headers.get('x-injected')).toBeUndefined();
    expect(mail.subject).toContain('Bcc: victim@example.com');
  });
});
