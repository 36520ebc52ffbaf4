/**
 * What other features may use of the client directory, and what the admin's page of one client
 * (app/pages/client-detail-page.tsx) draws of it beside the other features' cards.
 */
export { clientQueryOptions, useClient } from './api/get-client';
export { ClientAccessCard } from './components/client-access-card';
export {
  ClientMoney,
  ClientProfile,
  ClientSubscriptionCard,
  RecentCard,
  RecentRow,
  planName,
} from './components/client-cards';
export { ClientDetailsDialog } from './components/client-details-dialog';
export { ClientEmailChangeCard } from './components/client-email-change-card';
export { ClientNotes } from './components/client-notes';
export { ChosenClient, ClientPicker } from './components/client-picker';
export { ClientPlanActions } from './components/client-plan-actions';
export { PasswordResetCard } from './components/password-reset-card';
export { SubscriptionStatusBadge } from './components/subscription-status-badge';
