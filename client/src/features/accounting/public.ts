/** What app/ draws of the books beside the other features' cards: Settings' accounts card. */
export { AccountingAccountsCard } from './components/accounting-accounts-card';
