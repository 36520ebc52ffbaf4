// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { readEmail, testBrand, typedMarkup } from '@tests/support/read-email';
import {
  invoiceIssuedEmail,
  invoiceVoidedEmail,
  type HowToPay,
  type InvoiceMail,
} from './invoices.emails';

const invoice: InvoiceMail = {
  invoiceNumber: 'INV-0042',
  clientName: 'Amélie Thibodeaux',
  clientEmail: 'amelie@example.com',
  total: 129_900,
  dueDate: '2026-12-07',
};
const payLink = {
  invoiceId: 'inv_1',
  url: 'https://studio.test/pay/tok_abc',
  expiresAt: new Date('2027-01-07T00:00:00Z'),
};
const appUrl = 'https://studio.test';

describe('the invoice e-mail', () => {
  it('names the invoice, amount and due date, and links to pay online', () => {
    const howToPay: HowToPay = { payLink, instructions: 'Check to Coast & Code, PO Box 12' };
    const email = readEmail(invoiceIssuedEmail(testBrand, invoice, howToPay, { appUrl }));
    expect(email.subject).toBe('Invoice INV-0042 from Coast & Code');
    const sentence = 'Please find attached invoice INV-0042 for $1,299.00, due Dec 7, 2026.';
    expect(email.textParagraphs).toContain(sentence);
    expect(email.paragraphs).toContain(sentence);
    expect(email.textParagraphs).toContain('How to pay:\nCheck to Coast & Code, PO Box 12');
    expect(email.paragraphs).toContain('How to pay:\nCheck to Coast & Code, PO Box 12');
    expect(email.textParagraphs).toContain(
      'Pay this invoice online: https://studio.test/pay/tok_abc',
    );
    expect(email.links).toEqual([
      { label: 'Pay this invoice online', href: 'https://studio.test/pay/tok_abc' },
    ]);
    expect(email.textParagraphs).toContain(
      'Your invoices are also in your client portal: https://studio.test/portal/dashboard',
    );
  });

  it('links to the billing history when card payment is off, and escapes the client name', () => {
    const email = readEmail(
      invoiceIssuedEmail(
        testBrand,
        { ...invoice, clientName: typedMarkup },
        { payLink: null, instructions: '' },
        { appUrl },
      ),
    );
    expect(email.paragraphs).toContain(`Hello ${typedMarkup},`);
    expect(email.tags).toEqual(new Set(['div', 'p', 'a']));
    expect(email.paragraphs.join('\n')).not.toContain('How to pay');
    expect(email.paragraphs).toContain(
      'To arrange payment, reply to this e-mail or write to hello@coastandcode.test.',
    );
    expect(email.links).toEqual([
      { label: 'See your billing history', href: 'https://studio.test/portal/dashboard' },
    ]);
  });
});

describe('the void invoice e-mail', () => {
  it('says nothing is owed, why, and links to the billing history', () => {
    const email = readEmail(
      invoiceVoidedEmail(testBrand, invoice, 'Billed to the <wrong> company', { appUrl }),
    );
    expect(email.subject).toBe('Invoice INV-0042 from Coast & Code is void');
    const sentence =
      'Invoice INV-0042 for $1,299.00 is void: you owe nothing on it, and its pay link no longer works.';
    expect(email.textParagraphs).toContain(sentence);
    expect(email.paragraphs).toContain(sentence);
    expect(email.paragraphs).toContain('Why: Billed to the <wrong> company');
    expect(email.tags).toEqual(new Set(['div', 'p', 'a']));
    expect(email.links).toEqual([
      { label: 'See your billing history', href: 'https://studio.test/portal/dashboard' },
    ]);
  });
});
