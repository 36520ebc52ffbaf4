/** What other features may use of the admin's account. */
export { useAdmin } from './api/get-admin';
export { useLogoutAdmin } from './api/logout-admin';
export { AdminsCard } from './components/admins-card';
export { ChangePasswordForm } from './components/change-password-form';
export { TwoFactorCard } from './components/two-factor-card';
export { useRecheckAdminOnUnauthorized } from './components/use-recheck-admin-on-unauthorized';
export { adminLoginPath } from './lib/return-path';
