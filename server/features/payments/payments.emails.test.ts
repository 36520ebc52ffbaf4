// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { readEmail, testBrand, typedMarkup } from '@tests/support/read-email';
import type { HowToPay, InvoiceMail } from '../invoices/invoices.emails';
import {
  chargeDeclinedEmail,
  paymentFailedEmail,
  paymentReceiptEmail,
  paymentReminderEmail,
  paymentVoidedEmail,
  refundFailedEmail,
  type RefundFailedMail,
} from './payments.emails';

const invoice: InvoiceMail = {
  invoiceNumber: 'INV-0042',
  clientName: 'Amélie Thibodeaux',
  clientEmail: 'amelie@example.com',
  total: 129_900,
  dueDate: '2026-12-07',
};
const howToPay: HowToPay = {
  payLink: {
    invoiceId: 'inv_1',
    url: 'https://studio.test/pay/tok_abc',
    expiresAt: new Date('2027-01-07T00:00:00Z'),
  },
  instructions: 'Bank transfer to Coast & Code',
};
const appUrl = 'https://studio.test';
const payOnline = [{ label: 'Pay this invoice online', href: 'https://studio.test/pay/tok_abc' }];
const portalLine =
  'Your invoices are also in your client portal: https://studio.test/portal/dashboard';
const billingHistory = [
  { label: 'See your billing history', href: 'https://studio.test/portal/dashboard' },
];

describe('payment e-mails', () => {
  it('the receipt says the invoice is paid in full and links to the billing history', () => {
    const email = readEmail(
      paymentReceiptEmail(testBrand, invoice, { appUrl: 'https://studio.test' }),
    );
    expect(email.subject).toBe('Receipt for invoice INV-0042 from Coast & Code');
    const sentence = 'Thank you: invoice INV-0042 ($1,299.00) is paid in full.';
    expect(email.textParagraphs).toContain(sentence);
    expect(email.paragraphs).toContain(sentence);
    expect(email.links).toEqual([
      { label: 'See your billing history', href: 'https://studio.test/portal/dashboard' },
    ]);
  });

  it('a declined card says why, when the next try is, and links to pay now', () => {
    const email = readEmail(
      chargeDeclinedEmail(
        testBrand,
        invoice,
        { reason: 'insufficient funds', nextTry: '2026-12-10', amount: 129_900 },
        howToPay,
        { appUrl },
      ),
    );
    expect(email.subject).toBe('Your card was declined for invoice INV-0042');
    expect(email.paragraphs).toContain(
      'We tried to charge your saved card $1,299.00 for invoice INV-0042, but it was declined (insufficient funds).',
    );
    const nextTry =
      'We will try again on Dec 10, 2026. To pay now or with another card, use the link below.';
    expect(email.textParagraphs).toContain(nextTry);
    expect(email.paragraphs).toContain(nextTry);
    expect(email.textParagraphs).toContain('How to pay:\nBank transfer to Coast & Code');
    expect(email.links).toEqual(payOnline);
    expect(email.textParagraphs).toContain(portalLine);
  });

  it('a declined card on the last try says so', () => {
    const email = readEmail(
      chargeDeclinedEmail(
        testBrand,
        invoice,
        { reason: 'card expired', nextTry: null, amount: 129_900 },
        { payLink: null, instructions: '' },
        { appUrl },
      ),
    );
    expect(email.textParagraphs).toContain(
      'That was our last try. Please pay as below to keep your plan running.',
    );
    // Neither a pay link nor instructions: whom to ask, and the portal.
    expect(email.textParagraphs).toContain(
      'To arrange payment, reply to this e-mail or write to hello@coastandcode.test.',
    );
    expect(email.links).toEqual(billingHistory);
  });

  it('a failed bank payment says the invoice is still open', () => {
    const email = readEmail(paymentFailedEmail(testBrand, invoice, howToPay, { appUrl }));
    expect(email.subject).toBe('Your payment for invoice INV-0042 did not go through');
    const sentence =
      'Your payment for invoice INV-0042 ($1,299.00) did not go through, so the invoice is still open.';
    expect(email.textParagraphs).toContain(sentence);
    expect(email.paragraphs).toContain(sentence);
    expect(email.links).toEqual(payOnline);
    expect(email.textParagraphs).toContain(portalLine);
  });

  it('the reminder gives the due date and what is still open, and escapes the client name', () => {
    const email = readEmail(
      paymentReminderEmail(
        testBrand,
        { ...invoice, clientName: typedMarkup, balanceDue: 49_900 },
        howToPay,
        { appUrl },
      ),
    );
    expect(email.subject).toBe('Reminder: invoice INV-0042 is overdue');
    const sentence =
      'Invoice INV-0042 was due on Dec 7, 2026 and $499.00 is still open. Please pay it to keep your plan running.';
    expect(email.textParagraphs).toContain(sentence);
    expect(email.paragraphs).toContain(sentence);
    expect(email.paragraphs).toContain(`Hello ${typedMarkup},`);
    expect(email.tags).toEqual(new Set(['div', 'p', 'a']));
    expect(email.textParagraphs).toContain(
      'Already paid, or a question? Reply to this e-mail or write to hello@coastandcode.test.',
    );
    expect(email.links).toEqual(payOnline);
    expect(email.textParagraphs).toContain(portalLine);
  });

  it('a reminder without card payment gives the instructions and links to the portal', () => {
    const email = readEmail(
      paymentReminderEmail(
        testBrand,
        { ...invoice, balanceDue: 49_900 },
        { payLink: null, instructions: 'Bank transfer to Coast & Code' },
        { appUrl },
      ),
    );
    expect(email.textParagraphs).toContain('How to pay:\nBank transfer to Coast & Code');
    expect(email.paragraphs).toContain('How to pay:\nBank transfer to Coast & Code');
    expect(email.textParagraphs).toContain(
      'See your billing history: https://studio.test/portal/dashboard',
    );
    expect(email.links).toEqual(billingHistory);
    expect(email.textParagraphs.join('\n')).not.toContain('To arrange payment');
  });
});

describe('the corrected receipt', () => {
  const voided = { amount: 50_000, paidOn: '2026-11-20', reason: 'The check bounced' };

  it('cancels the payment, says why, and gives the balance due again', () => {
    const email = readEmail(
      paymentVoidedEmail(testBrand, { ...invoice, balanceDue: 129_900 }, voided, {
        appUrl: 'https://studio.test',
      }),
    );
    expect(email.subject).toBe('Corrected receipt for invoice INV-0042 from Coast & Code');
    const cancelled =
      'The payment of $500.00 recorded on Nov 20, 2026 for invoice INV-0042 was recorded by mistake and has been canceled (The check bounced). Please disregard the receipt you received for it.';
    expect(email.textParagraphs).toContain(cancelled);
    expect(email.paragraphs).toContain(cancelled);
    expect(email.paragraphs).toContain(
      'The balance due on invoice INV-0042 is $1,299.00, due Dec 7, 2026.',
    );
    expect(email.links).toEqual([
      { label: 'See your billing history', href: 'https://studio.test/portal/dashboard' },
    ]);
  });

  it('says the invoice stays paid when other payments still cover it', () => {
    const email = readEmail(
      paymentVoidedEmail(testBrand, { ...invoice, balanceDue: 0 }, voided, {
        appUrl: 'https://studio.test',
      }),
    );
    expect(email.paragraphs).toContain('Invoice INV-0042 remains paid in full.');
  });
});

describe('a failed card refund, to the agency', () => {
  const failed: RefundFailedMail = {
    invoiceId: 'b3c1e8a2-0000-4000-8000-000000000001',
    invoiceNumber: 'INV-0042',
    clientName: 'Amélie Thibodeaux',
    amount: 10_000,
    reason: 'expired_or_canceled_card',
    creditNoteNumber: 'CN-2026-0003',
    restored: 0,
    paidAgain: false,
  };

  it('of a credit note says the client still has it to get back, and links to the invoice', () => {
    const email = readEmail(refundFailedEmail(testBrand, failed, { appUrl }));
    expect(email.subject).toBe('A card refund of $100.00 to Amélie Thibodeaux failed');
    expect(email.textParagraphs).toEqual(
      expect.arrayContaining([
        'Stripe could not refund $100.00 to the card Amélie Thibodeaux paid with for invoice INV-0042 (expired or canceled card). The money is back in your Stripe balance.',
        'It was the refund of credit note CN-2026-0003: Amélie Thibodeaux still has $100.00 to get back. Return it another way (a bank transfer, say); the credit note now says you return it directly.',
        'The invoice shows a warning until you mark it resolved.',
      ]),
    );
    expect(email.links).toEqual([
      { label: 'See the invoice', href: `${appUrl}/admin/invoices/${failed.invoiceId}` },
    ]);
  });

  it('made in the dashboard for a payment of no invoice links to the flagged payments', () => {
    const email = readEmail(
      refundFailedEmail(
        testBrand,
        { ...failed, invoiceId: null, invoiceNumber: null, creditNoteNumber: null },
        { appUrl },
      ),
    );
    expect(email.paragraphs).toEqual(
      expect.arrayContaining([
        'Stripe could not refund $100.00 to the card Amélie Thibodeaux paid with (expired or canceled card). The money is back in your Stripe balance.',
        'It was a refund made in the Stripe dashboard, so it no longer counts as given back. Refund it again in Stripe if it is still owed.',
        'The payment is flagged on the payments screen until you mark it resolved.',
      ]),
    );
    expect(email.links).toEqual([
      { label: 'See the payments', href: `${appUrl}/admin/payments?status=flagged` },
    ]);
  });
});
