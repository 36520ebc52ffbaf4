import { invoiceName, type ClientInvoicePage } from '@shared/schemas/invoices';
import { pageOffset, type ListQuery } from '@shared/schemas/common';
import { AppError } from '../../lib/errors';
import type { CreditNoteRepository } from './credit-notes.repository';
import { checkedId, INVOICE_NOT_FOUND, type InvoiceDocuments } from './invoice-documents';
import { toAppliedTax } from './invoice-views';
import type { InvoiceRepository } from './invoices.repository';

export interface ClientInvoicesDeps {
  repository: Pick<InvoiceRepository, 'listForClient' | 'findIdForClient' | 'taxesOfInvoices'>;
  creditNotes: Pick<CreditNoteRepository, 'ofInvoices'>;
  documents: InvoiceDocuments;
}

/** The client's own invoices in the portal: the list, and each as a PDF. */
export function createClientInvoices({ repository, creditNotes, documents }: ClientInvoicesDeps) {
  return {
    async listForClient(
      userId: string,
      { page, pageSize }: Pick<ListQuery, 'page' | 'pageSize'>,
    ): Promise<ClientInvoicePage> {
      const { rows, total } = await repository.listForClient(userId, {
        limit: pageSize,
        offset: pageOffset({ page, pageSize }),
      });
      const ids = rows.map((row) => row.id);
      const [notes, taxes] = await Promise.all([
        creditNotes.ofInvoices(ids),
        repository.taxesOfInvoices(ids),
      ]);
      const items = rows.map((row) => ({
        ...row,
        taxes: taxes.filter((tax) => tax.invoiceId === row.id).map(toAppliedTax),
        invoiceNumber: invoiceName(row),
        paidAt: row.paidAt?.toISOString() ?? null,
        creditNotes: notes.flatMap((note) =>
          note.invoiceId === row.id && note.creditNoteNumber && note.issuedAt
            ? [
                {
                  id: note.id,
                  creditNoteNumber: note.creditNoteNumber,
                  amount: note.amount,
                  issuedAt: note.issuedAt.toISOString(),
                },
              ]
            : [],
        ),
      }));
      return { items, total, page, pageSize };
    },

    /** A client's own invoice as a PDF; any other invoice is 'not found' to them. */
    async pdfForClient(userId: string, id: string) {
      const own = await repository.findIdForClient(userId, checkedId(id));
      if (!own) throw new AppError(404, INVOICE_NOT_FOUND);
      return documents.pdf(own);
    },
  };
}
