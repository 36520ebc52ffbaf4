/** What other features may use of the client's profile. */
export { AccountCard } from './components/account-card';
export { ChangeEmailCard } from './components/change-email-card';
export { ChangePasswordCard } from './components/change-password-card';
