/** What app/ may use of the client statements (issue 39). */
export { ClientStatementCard } from './components/client-statement-card';
export { OwnStatementCard } from './components/own-statement-card';
export { StatementSettingsCard } from './components/statement-settings-card';
