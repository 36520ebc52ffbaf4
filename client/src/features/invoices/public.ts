/** What other features may use of invoices. */
export { BillingHistoryCard } from './components/billing-history-card';
export { InvoiceStatusBadge } from './components/invoice-status-badge';
