/** GET /api/admin/invoices/{id}/pdf: the invoice rendered by the server, as a download. */
export const invoicePdfUrl = (id: string) => `/api/admin/invoices/${id}/pdf`;

/** GET /api/admin/invoices/{id}/credit-notes/{creditNoteId}/pdf: an issued credit note. */
export const creditNotePdfUrl = (invoiceId: string, creditNoteId: string) =>
  `/api/admin/invoices/${invoiceId}/credit-notes/${creditNoteId}/pdf`;

/** GET /api/invoices/{id}/credit-notes/{creditNoteId}/pdf: the client's own credit note. */
export const clientCreditNotePdfUrl = (invoiceId: string, creditNoteId: string) =>
  `/api/invoices/${invoiceId}/credit-notes/${creditNoteId}/pdf`;
