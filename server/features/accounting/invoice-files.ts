import { csvRow, money, num } from '@shared/csv';
import type { Account } from '@shared/schemas/exports';
import { taxPerLine } from '@shared/tax';
import type { BookCreditNote, BookInvoice, BookPayment, BookTax } from './book-rows';

/**
 * The invoice files an accounting product imports (docs/books.md "Export for the accountant"),
 * one CSV row per invoice line, built from plain rows. Tax per line comes from taxPerLine, so
 * each invoice's lines add up to its discount, taxes and total exactly.
 */

/** Xero's and QuickBooks' US date: MM/DD/YYYY. */
export const usDate = (day: string) => `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}`;

/** What a taxed line is taxed with: the invoice's rates as one name ("State 4.45% + City 5%"). */
export function taxTypeName(taxes: readonly Pick<BookTax, 'name'>[]): string {
  return taxes.map((tax) => tax.name).join(' + ');
}

export const EXEMPT_TAX_TYPE = 'Tax Exempt';

/** Xero's sales invoice import template (Business › Invoices › Import), its column order. */
export const XERO_HEADER = [
  '*ContactName',
  'EmailAddress',
  'POAddressLine1',
  'POAddressLine2',
  'POAddressLine3',
  'POAddressLine4',
  'POCity',
  'PORegion',
  'POPostalCode',
  'POCountry',
  '*InvoiceNumber',
  'Reference',
  '*InvoiceDate',
  '*DueDate',
  'Total',
  'InventoryItemCode',
  '*Description',
  '*Quantity',
  '*UnitAmount',
  'Discount',
  '*AccountCode',
  '*TaxType',
  'TaxAmount',
  'TrackingName1',
  'TrackingOption1',
  'TrackingName2',
  'TrackingOption2',
  'Currency',
  'BrandingTheme',
] as const;

interface XeroLine {
  description: string;
  quantity: number;
  unitAmount: number;
  accountCode: string;
  taxType: string;
  taxAmount: number;
}

function xeroRow(
  document: {
    contact: string;
    email: string;
    number: string;
    reference: string;
    date: string;
    due: string;
    total: number;
  },
  line: XeroLine,
): string {
  return csvRow([
    document.contact,
    document.email,
    null,
    null,
    null,
    null,
    null,
    null,
    null,
    null,
    document.number,
    document.reference,
    usDate(document.date),
    usDate(document.due),
    money(document.total),
    null,
    line.description,
    num(line.quantity),
    money(line.unitAmount),
    null,
    line.accountCode,
    line.taxType,
    money(line.taxAmount),
    null,
    null,
    null,
    null,
    'USD',
    null,
  ]);
}

/**
 * An invoice as Xero rows: each line at its unit price with its tax, the discount as a line of
 * its own (negative, untaxed: the lines' taxes are already on what is left after it).
 */
export function xeroInvoiceRows(
  invoice: BookInvoice,
  revenue: Account,
  lateFeeIncome: Account,
): string {
  const document = {
    contact: invoice.clientName,
    email: invoice.clientEmail,
    number: invoice.number,
    reference: invoice.notes.split('\n')[0]?.slice(0, 255) ?? '',
    date: invoice.dateIssued,
    due: invoice.dueDate,
    total: invoice.total,
  };
  const account = (invoice.lateFee ? lateFeeIncome : revenue).code;
  const perLine = taxPerLine(invoice.lines, invoice.discount, invoice.taxes);
  const taxType = taxTypeName(invoice.taxes);
  const rows = invoice.lines.map((line, index) =>
    xeroRow(document, {
      description: line.description,
      quantity: line.quantity,
      unitAmount: line.unitPrice,
      accountCode: account,
      taxType: line.taxable && taxType ? taxType : EXEMPT_TAX_TYPE,
      taxAmount: perLine[index]?.tax ?? 0,
    }),
  );
  if (invoice.discount > 0) {
    rows.push(
      xeroRow(document, {
        description: 'Discount',
        quantity: 1,
        unitAmount: -invoice.discount,
        accountCode: account,
        taxType: EXEMPT_TAX_TYPE,
        taxAmount: 0,
      }),
    );
  }
  return rows.join('');
}

/**
 * A credit note as Xero's credit-note row in the same file: negative amounts (an imported
 * invoice whose total is negative becomes a credit note), its reversed tax on the line.
 */
export function xeroCreditNoteRows(note: BookCreditNote, refunds: Account): string {
  const tax = note.taxes.reduce((sum, line) => sum + line.amount, 0);
  return xeroRow(
    {
      contact: note.clientName,
      email: note.clientEmail,
      number: note.number,
      reference: note.invoiceNumber,
      date: note.issuedOn,
      due: note.issuedOn,
      total: -note.amount,
    },
    {
      description: note.reason,
      quantity: 1,
      unitAmount: -(note.amount - tax),
      accountCode: refunds.code,
      taxType: tax > 0 ? taxTypeName(note.taxes) : EXEMPT_TAX_TYPE,
      taxAmount: -tax,
    },
  );
}

/** QuickBooks Online's invoice import (Settings › Import data › Invoices), its sample's columns. */
export const QUICKBOOKS_HEADER = [
  'InvoiceNo',
  'Customer',
  'InvoiceDate',
  'DueDate',
  'Terms',
  'Location',
  'Memo',
  'Item(Product/Service)',
  'ItemDescription',
  'ItemQuantity',
  'ItemRate',
  'ItemAmount',
  'ItemTaxCode',
  'ItemTaxAmount',
  'Currency',
] as const;

/** QuickBooks' US tax codes: a line is taxed ("TAX") or not ("NON"). */
export function quickbooksInvoiceRows(
  invoice: BookInvoice,
  revenue: Account,
  lateFeeIncome: Account,
): string {
  const item = (invoice.lateFee ? lateFeeIncome : revenue).name;
  const perLine = taxPerLine(invoice.lines, invoice.discount, invoice.taxes);
  const row = (line: {
    description: string;
    quantity: number;
    rate: number;
    amount: number;
    taxed: boolean;
    tax: number;
  }) =>
    csvRow([
      invoice.number,
      invoice.clientName,
      usDate(invoice.dateIssued),
      usDate(invoice.dueDate),
      null,
      null,
      invoice.notes.slice(0, 1000),
      item,
      line.description,
      num(line.quantity),
      money(line.rate),
      money(line.amount),
      line.taxed ? 'TAX' : 'NON',
      money(line.tax),
      'USD',
    ]);
  const taxed = invoice.taxes.length > 0;
  const rows = invoice.lines.map((line, index) =>
    row({
      description: line.description,
      quantity: line.quantity,
      rate: line.unitPrice,
      amount: line.total,
      taxed: taxed && line.taxable,
      tax: perLine[index]?.tax ?? 0,
    }),
  );
  if (invoice.discount > 0) {
    rows.push(
      row({
        description: 'Discount',
        quantity: 1,
        rate: -invoice.discount,
        amount: -invoice.discount,
        taxed: false,
        tax: 0,
      }),
    );
  }
  return rows.join('');
}

export const PAYMENTS_HEADER = [
  'Date',
  'Client',
  'Invoice',
  'Method',
  'Reference',
  'Amount',
  'Refunded',
  'Stripe fee',
  'Payout',
  'Payout date',
  'Voided on',
] as const;

/** A payment received: what came in, what went back, and the payout it arrived in. */
export function paymentRow(payment: BookPayment): string {
  return csvRow([
    payment.paidOn,
    payment.clientName ?? '',
    payment.invoiceNumber ?? '',
    payment.method,
    payment.reference || payment.stripePaymentIntentId || '',
    money(payment.amount),
    money(payment.refundedAmount),
    payment.fee === null ? null : money(payment.fee),
    payment.payoutId,
    payment.payoutArrivalDate,
    payment.voidedOn,
  ]);
}
