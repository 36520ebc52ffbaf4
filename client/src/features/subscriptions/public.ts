/** What other features may use of subscriptions. */
export { SubscriptionPanel, SubscriptionSummary } from './components/subscription-panel';
/** The client's subscription (null: none), e.g. whether monthly reports come with it. */
export { useSubscription } from './api/get-subscription';
