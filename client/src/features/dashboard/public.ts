/** What other features may use of the dashboard: whether invoices can say how to pay. */
export { useSetupChecklist } from './api/get-setup-checklist';
