/** What other features may use of mail: the Settings page's test e-mail card. */
export { TestEmailCard } from './components/test-email-card';
