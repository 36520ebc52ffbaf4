import { useQuery } from '@tanstack/react-query';
import { ClientInvoicePageSchema } from '@shared/schemas/invoices';
import { pageQueryOptions, pagesKey } from '@/lib/list-params';

const PATH = '/api/invoices';
const PAID_POLL_MS = 2_000;

/** Every page of the client's billing history. */
export const clientInvoicePagesKey = pagesKey(PATH);

/** GET /api/invoices?page=: one page of the client's sent, paid and overdue invoices. */
export const clientInvoicesQueryOptions = (page?: string) =>
  pageQueryOptions(PATH, ClientInvoicePageSchema, ['page'], { page });

/**
 * `untilPaid`: an invoice just paid on Stripe's page. Its webhook may reach the server after
 * the client is back, so the page is asked again every 2 s until that invoice is paid.
 */
export function useClientInvoices({
  page,
  untilPaid = null,
}: { page?: string; untilPaid?: string | null } = {}) {
  return useQuery({
    ...clientInvoicesQueryOptions(page),
    refetchInterval: (query) =>
      untilPaid && !query.state.data?.items.some((i) => i.id === untilPaid && i.status === 'paid')
        ? PAID_POLL_MS
        : false,
  });
}
