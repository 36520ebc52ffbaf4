import type { Invoice, InvoiceDetail } from '@shared/schemas/invoices';
import type { Payment } from '@shared/schemas/payments';

/** The one invoice the client's invoice screens are tested with, and its id. */
export const INVOICE_ID = '7a8b9c0d-0000-4000-8000-000000000000';

/** An admin API invoice ($150.00, sent, nothing paid), with what a test changes. */
export function anInvoice(overrides: Partial<Invoice> = {}): Invoice {
  return {
    id: INVOICE_ID,
    invoiceNumber: 'INV-0007',
    clientId: null,
    clientName: 'Camille Broussard',
    clientEmail: 'camille@example.com',
    planType: null,
    status: 'sent',
    dateIssued: '2026-11-22',
    dueDate: '2026-12-06',
    sentAt: '2026-11-22T15:00:00.000Z',
    paidAt: null,
    subtotal: 15_000,
    tax: 0,
    discount: 0,
    total: 15_000,
    amountPaid: 0,
    paymentFlags: [],
    notes: '',
    voidedAt: null,
    voidReason: null,
    taxExemptCertificate: null,
    lateFeeForInvoiceId: null,
    createdAt: '2026-11-22T15:00:00.000Z',
    ...overrides,
  };
}

/** The invoice with its one line, the payments given, and its pay link if one is out. */
export function anInvoiceDetail(
  overrides: Partial<Invoice> = {},
  payments: Payment[] = [],
  payLink: InvoiceDetail['payLink'] = null,
): InvoiceDetail {
  return {
    invoice: anInvoice(overrides),
    lineItems: [
      {
        id: 'l1',
        description: 'Website redesign',
        quantity: 1,
        unitPrice: 15_000,
        total: 15_000,
        taxable: true,
      },
    ],
    taxes: [],
    lateFee: null,
    payments,
    payLink,
    creditNotes: [],
    creditable: { remaining: 0, cardRefundable: 0 },
  };
}
