/** What other features may use of signup links. */
export { SignupLinkStateBadge } from './components/signup-links-table';
