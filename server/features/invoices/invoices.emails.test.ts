// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { readEmail, testBrand, typedMarkup } from '@tests/support/read-email';
import {
  creditNoteIssuedEmail,
  invoiceIssuedEmail,
  invoiceVoidedEmail,
  type CreditNoteMail,
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

  it('names each tax rate with its amount, or the exemption certificate', () => {
    const howToPay: HowToPay = { payLink: null, instructions: '' };
    const taxed = readEmail(
      invoiceIssuedEmail(
        testBrand,
        {
          ...invoice,
          taxes: [
            { name: 'Louisiana state', percent: 4.45, amount: 401 },
            { name: 'Orleans parish', percent: 5, amount: 450 },
          ],
        },
        howToPay,
        { appUrl },
      ),
    );
    expect(taxed.textParagraphs).toContain(
      'Tax included: Louisiana state (4.45%) $4.01, Orleans parish (5%) $4.50.',
    );
    const exempt = readEmail(
      invoiceIssuedEmail(testBrand, { ...invoice, taxExemptCertificate: 'LA-7' }, howToPay, {
        appUrl,
      }),
    );
    expect(exempt.textParagraphs).toContain('Tax exempt — certificate LA-7.');
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

describe('the credit note e-mail', () => {
  const note: CreditNoteMail = {
    creditNoteNumber: 'CN-2026-0003',
    invoiceNumber: 'INV-0042',
    clientName: 'Amélie Thibodeaux',
    clientEmail: 'amelie@example.com',
    amount: 50_000,
    refundAmount: 50_000,
    reason: 'Two pages were <not> delivered',
  };

  it('names the note, the invoice and the amount, says why and that the card is refunded', () => {
    const email = readEmail(creditNoteIssuedEmail(testBrand, note, { appUrl }));
    expect(email.subject).toBe('Credit note CN-2026-0003 for invoice INV-0042 from Coast & Code');
    const sentence =
      'We have issued credit note CN-2026-0003 for $500.00 on invoice INV-0042. It is attached.';
    expect(email.textParagraphs).toContain(sentence);
    expect(email.paragraphs).toContain(sentence);
    expect(email.paragraphs).toContain('Why: Two pages were <not> delivered');
    expect(email.paragraphs).toContain('$500.00 is refunded to the card you paid with.');
    expect(email.paragraphs).toContain(
      'A card refund usually shows on your statement within 5 to 10 business days.',
    );
    expect(email.tags).toEqual(new Set(['div', 'p', 'a']));
    expect(email.links).toEqual([
      { label: 'See your billing history', href: 'https://studio.test/portal/dashboard' },
    ]);
  });

  it('says the agency returns the money itself when it was not paid by card', () => {
    const email = readEmail(
      creditNoteIssuedEmail(
        testBrand,
        { ...note, refundAmount: 0, clientName: typedMarkup },
        {
          appUrl,
        },
      ),
    );
    expect(email.paragraphs).toContain(`Hello ${typedMarkup},`);
    expect(email.paragraphs).toContain('$500.00 is returned to you by us directly.');
    expect(email.paragraphs.join('\n')).not.toContain('card');
    expect(email.textParagraphs).toContain(
      'If you have not told us yet how you would like to receive the money, reply to this e-mail or write to hello@coastandcode.test.',
    );
  });

  it('splits a refund larger than the card payment between the card and the agency', () => {
    const email = readEmail(
      creditNoteIssuedEmail(testBrand, { ...note, refundAmount: 30_000 }, { appUrl }),
    );
    expect(email.paragraphs).toContain(
      '$300.00 is refunded to the card you paid with, and $200.00 is returned to you by us directly.',
    );
  });
});
