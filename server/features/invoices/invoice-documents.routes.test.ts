import { eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices, outboxMessages } from '../../db/schema';
import { signedInAdmin, signedInClient } from '@tests/factories';
import { pdfText } from '@tests/support/pdf-text';
import { startSmtpSink, type SmtpSink } from '@tests/support/smtp-sink';
import { startTestApp, type TestApp } from '@tests/support/test-app';

const threeLines = (clientEmail: string) => ({
  clientName: 'Camille Broussard',
  clientEmail,
  planType: 'signature',
  dueDate: '2026-12-15',
  notes: 'Thank you for choosing us.',
  lineItems: [
    { description: 'Signature plan, one month', quantity: 1, unitPrice: 39_900 },
    { description: 'Logo refresh', quantity: 3, unitPrice: 3_333 },
    { description: 'Extra page', quantity: 2, unitPrice: 10 },
  ],
  tax: 1_250,
  discount: 500,
});

const binary = (res: request.Response, callback: (error: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => callback(null, Buffer.concat(chunks)));
};

describe('invoice PDFs and e-mail, through a real SMTP server', () => {
  let t: TestApp;
  let smtp: SmtpSink;
  let admin: Awaited<ReturnType<typeof signedInAdmin>>['agent'];
  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await startTestApp({ SMTP_URL: smtp.url });
    admin = (await signedInAdmin(t.app, t.database)).agent;
    await admin.put('/api/admin/settings').send({
      businessName: 'Bayou Web Works',
      businessEmail: 'billing@bayouweb.test',
      businessPhone: '(504) 555-0134',
      businessCity: 'Lafayette',
      businessState: 'LA',
      businessWebsite: 'https://bayouweb.test',
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('renders the PDF with the business, client, lines, totals, status and notes', async () => {
    const created = await admin.post('/api/admin/invoices').send(threeLines('camille@example.com'));
    expect(created.status).toBe(201);
    const res = await admin
      .get(`/api/admin/invoices/${created.body.invoice.id}/pdf`)
      .buffer(true)
      .parse(binary);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    // A draft has no number yet: it is named a draft, in the file name and on the page.
    expect(created.body.invoiceNumber).toBeNull();
    expect(res.headers['content-disposition']).toContain('Draft.pdf');
    const text = await pdfText(res.body as Buffer);
    for (const expected of [
      'Bayou Web Works',
      'Lafayette, LA',
      'billing@bayouweb.test',
      'Numbered when sent',
      'Camille Broussard',
      'Logo refresh',
      '$99.99', // 3 x $33.33
      'Subtotal $499.19',
      'Tax $12.50',
      'Discount -$5.00',
      'Total $506.69',
      'DRAFT',
      'Thank you for choosing us.',
    ]) {
      expect(text).toContain(expected);
    }
    expect(
      (await request(t.app).get(`/api/admin/invoices/${created.body.invoice.id}/pdf`)).status,
    ).toBe(401);
    expect(
      (await admin.get('/api/admin/invoices/00000000-0000-4000-8000-000000000000/pdf')).status,
    ).toBe(404);
  });

  it('e-mails the invoice with its PDF to the client and marks a draft as sent', async () => {
    const created = await admin.post('/api/admin/invoices').send(threeLines('odile@example.com'));
    const id = created.body.invoice.id as string;
    const res = await admin.post(`/api/admin/invoices/${id}/email`);
    expect(res.status).toBe(200);
    expect(res.body.invoice.status).toBe('sent');
    expect(res.body.invoice.sentAt).toBeTruthy();
    expect(res.body.message).toContain('odile@example.com');
    // Numbered when sent, and the e-mail and its PDF carry that number.
    const invoiceNumber = res.body.invoice.invoiceNumber as string;
    expect(invoiceNumber).toMatch(/^INV-\d{4}-\d{4}$/);

    const mail = await smtp.waitFor((m) => m.subject?.includes(invoiceNumber) ?? false);
    expect(mail.subject).toBe(`Invoice ${invoiceNumber} from Bayou Web Works`);
    expect(mail.to && !Array.isArray(mail.to) ? mail.to.text : '').toBe('odile@example.com');
    expect(mail.text).toContain('$506.69');
    expect(mail.html).toContain('Bayou Web Works');
    expect(mail.attachments).toHaveLength(1);
    const [attachment] = mail.attachments;
    expect(attachment!.filename).toBe(`${invoiceNumber}.pdf`);
    expect(attachment!.contentType).toBe('application/pdf');
    const attached = await pdfText(attachment!.content);
    expect(attached).toContain('Total $506.69');
    expect(attached).toContain(invoiceNumber);

    // Sending again keeps it sent (a reminder), and a paid invoice can be e-mailed as a receipt.
    expect((await admin.post(`/api/admin/invoices/${id}/email`)).body.invoice.status).toBe('sent');
    await admin.patch(`/api/admin/invoices/${id}`).send({ status: 'paid' });
    const receipt = await admin.post(`/api/admin/invoices/${id}/email`);
    expect(receipt.body.invoice.status).toBe('paid');
  });

  it('numbers sent invoices without a gap: a refused e-mail and a deleted draft use none', async () => {
    const draft = async (email: string) =>
      (await admin.post('/api/admin/invoices').send(threeLines(email))).body.invoice.id as string;
    const send = (id: string) => admin.patch(`/api/admin/invoices/${id}`).send({ status: 'sent' });
    const sequence = (invoiceNumber: string) => Number(invoiceNumber.slice(-4));

    const first = await send(await draft('first@example.com'));
    expect(first.status).toBe(200);
    const firstNumber = first.body.invoice.invoiceNumber as string;

    // Drafts made and deleted in between take no number.
    for (const email of ['gone1@example.com', 'gone2@example.com']) {
      expect((await admin.delete(`/api/admin/invoices/${await draft(email)}`)).status).toBe(204);
    }

    // Refused by the mail server: still a draft, and its number went back.
    const refusedId = await draft('refused@example.com');
    smtp.refuse();
    try {
      const refused = await send(refusedId);
      expect(refused.status).toBe(502);
      expect(refused.body.message).toMatch(/^The invoice could not be e-mailed: .*451/);
    } finally {
      smtp.accept();
    }
    const afterRefusal = await admin.get(`/api/admin/invoices/${refusedId}`);
    expect(afterRefusal.body.invoice).toMatchObject({
      status: 'draft',
      invoiceNumber: null,
      sentAt: null,
    });

    const next = await send(await draft('next@example.com'));
    const retried = await send(refusedId);
    expect([next.body.invoice.invoiceNumber, retried.body.invoice.invoiceNumber]).toEqual([
      firstNumber.replace(/\d{4}$/, String(sequence(firstNumber) + 1).padStart(4, '0')),
      firstNumber.replace(/\d{4}$/, String(sequence(firstNumber) + 2).padStart(4, '0')),
    ]);
  });

  it("hands a void invoice's e-mail to the mail server after the void is committed", async () => {
    const voidSent = async (clientEmail: string, beforeVoid = () => {}) => {
      const created = await admin.post('/api/admin/invoices').send(threeLines(clientEmail));
      const sent = await admin.post(`/api/admin/invoices/${created.body.invoice.id}/email`);
      expect(sent.status).toBe(200);
      beforeVoid();
      const res = await admin
        .post(`/api/admin/invoices/${sent.body.invoice.id}/void`)
        .send({ reason: 'Billed twice' });
      expect(res.status).toBe(200);
      expect(res.body.invoice.status).toBe('void');
      const subject = `Invoice ${sent.body.invoice.invoiceNumber as string} from Bayou Web Works is void`;
      const outboxRow = async () => {
        const [row] = await t.database.db
          .select()
          .from(outboxMessages)
          .where(eq(outboxMessages.subject, subject));
        return row;
      };
      return { subject, outboxRow };
    };

    const delivered = await voidSent('yvette@example.com');
    const mail = await smtp.waitFor((m) => m.subject === delivered.subject);
    expect(mail.text).toContain('Billed twice');
    expect(await delivered.outboxRow()).toMatchObject({ status: 'sent', error: null, attempts: 1 });

    // A refusal of the mail server leaves the void done, and the message failed in the outbox
    // with the server's answer, for a retry or the admin's "Send again".
    try {
      const refused = await voidSent('zoe@example.com', () =>
        smtp.refuse('451 4.3.0 Try again later'),
      );
      expect(await refused.outboxRow()).toMatchObject({ status: 'failed', attempts: 1 });
      expect((await refused.outboxRow())?.error).toContain('451');
    } finally {
      smtp.accept();
    }
  });

  it("lets a client download their own sent invoices' PDFs, and no one else's", async () => {
    const client = await signedInClient(t.baseUrl);
    const email = client.account.email;
    const own = await admin.post('/api/admin/invoices').send(threeLines(email.toUpperCase()));
    const ownId = own.body.invoice.id as string;
    const other = await admin.post('/api/admin/invoices').send(threeLines('someone@example.com'));
    await admin.patch(`/api/admin/invoices/${other.body.invoice.id}`).send({ status: 'sent' });

    // A draft is the agency's business until it is sent.
    expect((await client.browser.request('GET', `/api/invoices/${ownId}/pdf`)).status).toBe(404);
    const sent = await admin.patch(`/api/admin/invoices/${ownId}`).send({ status: 'sent' });
    const mine = await client.browser.request('GET', `/api/invoices/${ownId}/pdf`);
    expect(mine.status).toBe(200);
    expect(mine.headers.get('content-type')).toBe('application/pdf');
    expect(await pdfText(new Uint8Array(await mine.arrayBuffer()))).toContain(
      sent.body.invoice.invoiceNumber,
    );

    const theirs = await client.browser.request(
      'GET',
      `/api/invoices/${other.body.invoice.id}/pdf`,
    );
    expect(theirs.status).toBe(404);
    expect(await theirs.json()).toEqual({ message: 'Invoice not found' });
    expect((await client.browser.request('GET', '/api/invoices/not-a-uuid/pdf')).status).toBe(404);
    expect((await request(t.app).get(`/api/invoices/${ownId}/pdf`)).status).toBe(401);
  });
});

describe('when the mail server refuses', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Nothing listens on port 9 (discard) on loopback: the connection is refused.
    t = await startTestApp({ SMTP_URL: 'smtp://127.0.0.1:9' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers 502 with the SMTP error and leaves the invoice a draft', async () => {
    const { agent } = await signedInAdmin(t.app, t.database);
    const created = await agent.post('/api/admin/invoices').send(threeLines('camille@example.com'));
    const id = created.body.invoice.id as string;
    const res = await agent.post(`/api/admin/invoices/${id}/email`);
    expect(res.status).toBe(502);
    expect(res.body.message).toMatch(/^The invoice could not be e-mailed: .*ECONNREFUSED/);
    const [row] = await t.database.db.select().from(invoices).where(eq(invoices.id, id));
    expect(row).toMatchObject({ status: 'draft', sentAt: null });
  });
});
