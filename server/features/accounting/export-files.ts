import { CSV_BOM, csvRow } from '@shared/csv';
import type { ExportKind } from '@shared/schemas/exports';
import type { AccountingRepository } from './accounting.repository';
import { accountingSettings } from './accounting-settings';
import type { Period } from './book-rows';
import {
  PAYMENTS_HEADER,
  QUICKBOOKS_HEADER,
  XERO_HEADER,
  paymentRow,
  quickbooksInvoiceRows,
  xeroCreditNoteRows,
  xeroInvoiceRows,
} from './invoice-files';
import {
  JOURNAL_HEADER,
  cardRefundEntry,
  creditNoteEntry,
  invoiceSentEntry,
  invoiceVoidedEntry,
  journalCsv,
  paymentEntry,
  paymentVoidedEntry,
  payoutEntries,
  refundByHandEntry,
  stripeRefundEntry,
  type JournalEntry,
} from './journal';

/** Where a file goes, a chunk at a time: resolves once the chunk may be followed by another. */
export type ChunkWriter = (chunk: string) => Promise<void>;

export const EXPORT_FILE_NAMES: Record<ExportKind, string> = {
  'xero-invoices': 'xero-invoices',
  'quickbooks-invoices': 'quickbooks-invoices',
  payments: 'payments',
  journal: 'general-journal',
};

/**
 * Writes one of the accountant's files for a period (docs/books.md "Export for the
 * accountant"): the byte-order mark, the header, then each batch's rows as one chunk, so the
 * writer's backpressure paces the reads and no more than a batch is held.
 */
export async function writeExport(
  repository: AccountingRepository,
  kind: ExportKind,
  period: Period,
  write: ChunkWriter,
): Promise<void> {
  const { accounts } = await accountingSettings(repository);
  switch (kind) {
    case 'xero-invoices': {
      await write(CSV_BOM + csvRow(XERO_HEADER));
      for await (const batch of repository.invoicesIssued(period, { withVoid: false })) {
        await write(
          batch
            .map((invoice) => xeroInvoiceRows(invoice, accounts.revenue, accounts.lateFeeIncome))
            .join(''),
        );
      }
      for await (const batch of repository.creditNotesIssued(period)) {
        await write(batch.map((note) => xeroCreditNoteRows(note, accounts.refunds)).join(''));
      }
      return;
    }
    case 'quickbooks-invoices': {
      await write(CSV_BOM + csvRow(QUICKBOOKS_HEADER));
      for await (const batch of repository.invoicesIssued(period, { withVoid: false })) {
        await write(
          batch
            .map((invoice) =>
              quickbooksInvoiceRows(invoice, accounts.revenue, accounts.lateFeeIncome),
            )
            .join(''),
        );
      }
      return;
    }
    case 'payments': {
      await write(CSV_BOM + csvRow(PAYMENTS_HEADER));
      for await (const batch of repository.paymentsReceived(period)) {
        await write(batch.map(paymentRow).join(''));
      }
      return;
    }
    case 'journal': {
      await write(CSV_BOM + csvRow(JOURNAL_HEADER));
      let number = 0;
      const entries = async (list: JournalEntry[]) => {
        const text = list
          .filter((entry) => entry.lines.some((line) => line.debit !== line.credit))
          .map((entry) => journalCsv(entry, (number += 1), accounts))
          .join('');
        if (text) await write(text);
      };
      for await (const batch of repository.invoicesIssued(period, { withVoid: true })) {
        await entries(batch.map(invoiceSentEntry));
      }
      for await (const batch of repository.invoicesVoided(period)) {
        await entries(
          batch.flatMap((invoice) =>
            invoice.voidedOn
              ? [invoiceVoidedEntry({ ...invoice, voidedOn: invoice.voidedOn })]
              : [],
          ),
        );
      }
      for await (const batch of repository.paymentsReceived(period)) {
        await entries(batch.map(paymentEntry));
      }
      for await (const batch of repository.paymentsVoided(period)) {
        await entries(
          batch.flatMap((payment) =>
            payment.voidedOn
              ? [paymentVoidedEntry({ ...payment, voidedOn: payment.voidedOn })]
              : [],
          ),
        );
      }
      for await (const batch of repository.paymentsRefundedInStripe(period)) {
        await entries(batch.map(stripeRefundEntry));
      }
      for await (const batch of repository.creditNotesIssued(period)) {
        await entries(
          batch.flatMap((note) =>
            note.refundAmount > 0
              ? [creditNoteEntry(note), cardRefundEntry(note)]
              : [creditNoteEntry(note)],
          ),
        );
      }
      for await (const batch of repository.creditNotesRefundedByHand(period)) {
        await entries(
          batch.flatMap((note) =>
            note.refundedByHandOn
              ? [refundByHandEntry({ ...note, refundedByHandOn: note.refundedByHandOn })]
              : [],
          ),
        );
      }
      for await (const batch of repository.payoutsPaid(period)) {
        await entries(batch.flatMap(payoutEntries));
      }
      return;
    }
  }
}
