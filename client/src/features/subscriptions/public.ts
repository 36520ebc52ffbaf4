/** What other features may use of subscriptions. */
export { SubscriptionPanel, SubscriptionSummary } from './components/subscription-panel';
