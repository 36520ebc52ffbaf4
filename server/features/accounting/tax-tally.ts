import { csvRow, money, num } from '@shared/csv';
import type { TaxReport, TaxReportBasis, TaxReportRow } from '@shared/schemas/tax';
import { proportion, thousandthsToPercent } from '@shared/tax';
import type { BookCreditNote, BookInvoice, BookPayment, BookTax, Period } from './book-rows';

/**
 * The tax report's figures folded from documents one batch at a time (docs/books.md "The tax
 * report"), pure so the property test can hold it to the journal:
 * - accrual: each invoice issued in the period counts its lines net of discount and each rate's
 *   taxable amount and tax; an invoice voided in the period counts the same negatively (so a
 *   period's figures never change once it is over); each credit note issued in the period
 *   refunds the tax it reversed per rate (credit_note_taxes).
 * - cash: each payment received in the period counts its share of its invoice
 *   (payment ÷ invoice total, per rate and for the sales, half-up), a payment voided in the
 *   period the same negatively; each refund made in the period (a credit note's card refund the
 *   day it was issued, the rest given back by hand the day it was, a refund made in Stripe's
 *   dashboard the day the statement dates it) refunds its share of each rate the same way.
 */

interface RateFigures {
  taxRateId: string | null;
  name: string;
  percentThousandths: number | null;
  taxableSales: number;
  taxCollected: number;
  taxRefunded: number;
}

export function createTaxTally(period: Period, basis: TaxReportBasis) {
  const rates = new Map<string, RateFigures>();
  let totalSales = 0;
  let taxableSales = 0;

  const rate = (tax: Pick<BookTax, 'taxRateId' | 'name' | 'percentThousandths'>) => {
    // One row per rate; the old invoices' rate-less amounts share one "Tax" row.
    const key = tax.taxRateId ?? '';
    let figures = rates.get(key);
    if (!figures) {
      figures = {
        taxRateId: tax.taxRateId,
        name: tax.taxRateId === null ? 'Tax' : tax.name,
        percentThousandths: tax.percentThousandths,
        taxableSales: 0,
        taxCollected: 0,
        taxRefunded: 0,
      };
      rates.set(key, figures);
    }
    return figures;
  };

  /** An invoice's sales and taxes, scaled to `part` of its total (the whole for accrual). */
  function count(
    invoice: { subtotal: number; discount: number; total: number; taxes: BookTax[] },
    sign: 1 | -1,
    part?: number,
  ) {
    const share = (amount: number) =>
      part === undefined ? amount : proportion(amount, part, invoice.total);
    const taxed = invoice.taxes.reduce((sum, tax) => sum + share(tax.amount), 0);
    // What the payment (or the invoice) holds of the sales: all but its tax.
    const sales = part === undefined ? invoice.subtotal - invoice.discount : part - taxed;
    totalSales += sign * sales;
    // Every rate of an invoice applies to the same base; a rate-less old "Tax" to the whole.
    const base = invoice.taxes.reduce((most, tax) => Math.max(most, share(tax.taxableAmount)), 0);
    taxableSales += sign * Math.min(base, sales);
    for (const tax of invoice.taxes) {
      const figures = rate(tax);
      figures.taxableSales += sign * share(tax.taxableAmount);
      figures.taxCollected += sign * share(tax.amount);
    }
  }

  function countPayment(payment: BookPayment, sign: 1 | -1) {
    // A flagged payment never counted toward its invoice: it collected none of its tax.
    if (payment.invoiceId === null || payment.flagged || payment.invoiceTotal <= 0) return;
    count(
      { subtotal: 0, discount: 0, total: payment.invoiceTotal, taxes: payment.invoiceTaxes },
      sign,
      payment.amount,
    );
  }

  function refund(invoice: Pick<BookCreditNote, 'invoiceTaxes' | 'invoiceTotal'>, cash: number) {
    for (const tax of invoice.invoiceTaxes) {
      rate(tax).taxRefunded += proportion(tax.amount, cash, invoice.invoiceTotal);
    }
  }

  return {
    /** An invoice issued in the period (accrual). */
    invoiceIssued(invoice: BookInvoice) {
      if (basis === 'accrual') count(invoice, 1);
    },

    /** An invoice voided in the period (accrual): it counts back. */
    invoiceVoided(invoice: BookInvoice) {
      if (basis === 'accrual') count(invoice, -1);
    },

    /** A credit note issued in the period: its reversed tax (accrual), its card refund (cash). */
    creditNoteIssued(note: BookCreditNote) {
      if (basis === 'accrual') {
        for (const tax of note.taxes) rate(tax).taxRefunded += tax.amount;
      } else if (note.refundAmount > 0) {
        refund(note, note.refundAmount);
      }
    },

    /** The rest of a credit note given back by hand in the period (cash). */
    refundedByHand(note: BookCreditNote) {
      if (basis === 'cash') refund(note, note.refundedByHandAmount ?? 0);
    },

    /** A payment received in the period (cash); one that names no invoice carries no tax. */
    paymentReceived(payment: BookPayment) {
      if (basis === 'cash') countPayment(payment, 1);
    },

    /** A payment voided in the period (cash): it counts back. */
    paymentVoided(payment: BookPayment) {
      if (basis === 'cash') countPayment(payment, -1);
    },

    /**
     * A payment Stripe refunded in its dashboard, dated in the period (cash): its share of each
     * rate is refunded as a credit note's card refund is. A payment that collected no tax
     * (orphan, flagged) refunds none.
     */
    paymentRefundedInStripe(payment: BookPayment) {
      if (basis !== 'cash' || payment.invoiceId === null || payment.flagged) return;
      if (payment.invoiceTotal > 0 && payment.refundedAmount > 0) {
        refund(payment, payment.refundedAmount);
      }
    },

    report(): TaxReport {
      const rows: TaxReportRow[] = [...rates.values()]
        .sort(
          (a, b) =>
            Number(a.taxRateId === null) - Number(b.taxRateId === null) ||
            a.name.localeCompare(b.name),
        )
        .map((figures) => ({
          taxRateId: figures.taxRateId,
          name: figures.name,
          percent:
            figures.percentThousandths === null
              ? null
              : thousandthsToPercent(figures.percentThousandths),
          taxableSales: figures.taxableSales,
          taxCollected: figures.taxCollected,
          taxRefunded: figures.taxRefunded,
          netTax: figures.taxCollected - figures.taxRefunded,
        }));
      const taxCollected = rows.reduce((sum, row) => sum + row.taxCollected, 0);
      const taxRefunded = rows.reduce((sum, row) => sum + row.taxRefunded, 0);
      return {
        from: period.from,
        to: period.to,
        basis,
        rows,
        totalSales,
        taxableSales,
        exemptSales: totalSales - taxableSales,
        taxCollected,
        taxRefunded,
        netTax: taxCollected - taxRefunded,
      };
    },
  };
}
export type TaxTally = ReturnType<typeof createTaxTally>;

export const TAX_REPORT_HEADER = [
  'Tax rate',
  'Percent',
  'Taxable sales',
  'Tax collected',
  'Tax refunded',
  'Net tax',
] as const;

/** The report as CSV: a row per rate, then the period's totals. */
export function taxReportCsv(report: TaxReport): string[] {
  return [
    csvRow(TAX_REPORT_HEADER),
    ...report.rows.map((row) =>
      csvRow([
        row.name,
        row.percent === null ? null : num(row.percent),
        money(row.taxableSales),
        money(row.taxCollected),
        money(row.taxRefunded),
        money(row.netTax),
      ]),
    ),
    csvRow([
      'Total',
      null,
      money(report.taxableSales),
      money(report.taxCollected),
      money(report.taxRefunded),
      money(report.netTax),
    ]),
    csvRow(['Total sales', null, money(report.totalSales), null, null, null]),
    csvRow(['Exempt sales', null, money(report.exemptSales), null, null, null]),
  ];
}
