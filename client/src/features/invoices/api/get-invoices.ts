import { useQuery } from '@tanstack/react-query';
import { INVOICE_LIST_PARAMS, InvoicePageSchema } from '@shared/schemas/invoices';
import { pageQueryOptions, pagesKey, type ListParams } from '@/lib/list-params';

export type InvoiceListParams = ListParams<(typeof INVOICE_LIST_PARAMS)[number]>;

const PATH = '/api/admin/invoices';

/** Every page of the list (invalidated when an invoice changes). */
export const invoicePagesKey = pagesKey(PATH);

/** The prefix of every invoice's own key (get-invoice.ts). */
export const invoiceDetailKey = (id: string) => [PATH, id] as const;

/** GET /api/admin/invoices?q=&status=&client=&page=&pageSize=: one page, newest first. */
export const invoicesQueryOptions = (params: InvoiceListParams = {}) =>
  pageQueryOptions(PATH, InvoicePageSchema, INVOICE_LIST_PARAMS, params);

export function useInvoices(params: InvoiceListParams) {
  return useQuery(invoicesQueryOptions(params));
}
