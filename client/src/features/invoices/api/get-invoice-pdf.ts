/** GET /api/admin/invoices/{id}/pdf: the invoice rendered by the server, as a download. */
export const invoicePdfUrl = (id: string) => `/api/admin/invoices/${id}/pdf`;
