/** What other features may use of the client's sign-in. */
export { userQueryOptions, useUser } from './api/get-user';
export { PortalGuard } from './components/portal-guard';
export { SignOutButton } from './components/sign-out-button';
