import type { TaxReport, TaxReportQuery } from '@shared/schemas/tax';
import type { AccountingRepository } from './accounting.repository';
import { createTaxTally } from './tax-tally';

/**
 * The tax report of a period (docs/books.md "The tax report"): the documents of the period read
 * batch by batch and folded by the tally, on the basis asked for.
 */
export async function taxReport(
  repository: AccountingRepository,
  query: Pick<TaxReportQuery, 'from' | 'to' | 'basis'>,
): Promise<TaxReport> {
  const period = { from: query.from, to: query.to };
  const tally = createTaxTally(period, query.basis);
  if (query.basis === 'accrual') {
    for await (const batch of repository.invoicesIssued(period, { withVoid: true, lines: false })) {
      batch.forEach((invoice) => tally.invoiceIssued(invoice));
    }
    for await (const batch of repository.invoicesVoided(period, { lines: false })) {
      batch.forEach((invoice) => tally.invoiceVoided(invoice));
    }
  } else {
    for await (const batch of repository.paymentsReceived(period)) {
      batch.forEach((payment) => tally.paymentReceived(payment));
    }
    for await (const batch of repository.paymentsVoided(period)) {
      batch.forEach((payment) => tally.paymentVoided(payment));
    }
    for await (const batch of repository.creditNotesRefundedByHand(period)) {
      batch.forEach((note) => tally.refundedByHand(note));
    }
    for await (const batch of repository.paymentsRefundedInStripe(period)) {
      batch.forEach((payment) => tally.paymentRefundedInStripe(payment));
    }
  }
  for await (const batch of repository.creditNotesIssued(period)) {
    batch.forEach((note) => tally.creditNoteIssued(note));
  }
  return tally.report();
}
