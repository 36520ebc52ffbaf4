import type { ClientInvoice } from '../../../shared/schemas/invoices';
import type { InvoiceRepository } from './invoices.repository';

export function createInvoiceService(repository: InvoiceRepository) {
  return {
    async listForClient(userId: string): Promise<ClientInvoice[]> {
      const rows = await repository.listForClient(userId);
      return rows.map((row) => ({ ...row, paidAt: row.paidAt?.toISOString() ?? null }));
    },
  };
}
export type InvoiceService = ReturnType<typeof createInvoiceService>;
