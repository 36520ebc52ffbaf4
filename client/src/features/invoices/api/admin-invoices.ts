import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreateInvoice,
  Invoice,
  InvoiceDetail,
  InvoiceStatus,
} from '@shared/schemas/invoices';
import { apiRequest } from '@/lib/api-request';

const INVOICES = '/api/admin/invoices';

export const invoicesQueryOptions = () =>
  queryOptions<Invoice[]>({ queryKey: [INVOICES], staleTime: 0 });

export function useInvoices() {
  return useQuery(invoicesQueryOptions());
}

export const invoiceQueryOptions = (id: string) =>
  queryOptions<InvoiceDetail>({ queryKey: [INVOICES, id] });

export function useInvoice(id: string) {
  return useQuery(invoiceQueryOptions(id));
}

/** POST /api/admin/invoices: amounts in integer cents. */
export function useCreateInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: CreateInvoice) =>
      (await (await apiRequest('POST', INVOICES, input)).json()) as InvoiceDetail & {
        invoiceNumber: string;
      },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [INVOICES] }),
  });
}

export function useSetInvoiceStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, status }: { id: string; status: InvoiceStatus }) =>
      (await (await apiRequest('PATCH', `${INVOICES}/${id}`, { status })).json()) as InvoiceDetail,
    onSuccess: (detail) => {
      queryClient.setQueryData(invoiceQueryOptions(detail.invoice.id).queryKey, detail);
      return queryClient.invalidateQueries({ queryKey: [INVOICES], exact: true });
    },
  });
}

export function useDeleteInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await apiRequest('DELETE', `${INVOICES}/${id}`);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [INVOICES], exact: true }),
  });
}

/** The PDF of an invoice, rendered by the server (an attachment download). */
export const invoicePdfUrl = (id: string) => `${INVOICES}/${id}/pdf`;

/** POST /api/admin/invoices/{id}/email: mails the PDF to the client; a draft becomes sent. */
export function useEmailInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      (await (await apiRequest('POST', `${INVOICES}/${id}/email`)).json()) as InvoiceDetail & {
        message: string;
      },
    onSuccess: (detail) => {
      queryClient.setQueryData(invoiceQueryOptions(detail.invoice.id).queryKey, {
        invoice: detail.invoice,
        lineItems: detail.lineItems,
      });
      return queryClient.invalidateQueries({ queryKey: [INVOICES], exact: true });
    },
  });
}
