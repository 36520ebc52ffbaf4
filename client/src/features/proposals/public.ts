/**
 * What app/ draws of proposals beside the other features' cards: the client's page's card
 * and the Settings screen's card.
 */
export { ClientProposalsCard } from './components/client-proposals-card';
export { ProposalSettingsCard } from './components/proposal-settings-card';
