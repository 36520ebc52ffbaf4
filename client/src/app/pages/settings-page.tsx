import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Detail } from '@/components/ui/detail';
import { formatDate } from '@/lib/dates';
import {
  AdminsCard,
  ChangePasswordForm,
  TwoFactorCard,
  useAdmin,
} from '@/features/admin-auth/public';
import { LegalPagesCard } from '@/features/legal/public';
import { AccountingAccountsCard } from '@/features/accounting/public';
import { TestEmailCard } from '@/features/mail/public';
import { ProposalSettingsCard } from '@/features/proposals/public';
import { SavedRepliesCard } from '@/features/saved-replies/public';
import { BusinessSettingsCards } from '@/features/settings/pages/business-settings-cards';
import { StatementSettingsCard } from '@/features/statements/public';
import { TaxRatesCard } from '@/features/tax/public';

/**
 * /admin/settings: the admin's account, password and two-factor authentication, the
 * business's details, response times, the website updates each plan includes, outgoing mail,
 * the admins (with invitations), and the legal pages. It gathers the cards of five features,
 * which is why it lives in app/.
 */
export function SettingsPage() {
  const { data: admin } = useAdmin();
  const name = [admin?.firstName, admin?.lastName].filter(Boolean).join(' ');
  return (
    <div className="space-y-6">
      <h1 className="font-display text-3xl font-bold">Settings</h1>
      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>Account Information</CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="grid gap-4 sm:grid-cols-2">
              <Detail label="Name">{name || 'Not provided'}</Detail>
              <Detail label="Email">{admin?.email ?? ''}</Detail>
              <Detail label="Admin since">{admin ? formatDate(admin.createdAt) : ''}</Detail>
            </dl>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Change Password</CardTitle>
            <CardDescription>At least 8 characters.</CardDescription>
          </CardHeader>
          <CardContent>
            <ChangePasswordForm />
          </CardContent>
        </Card>
        <TwoFactorCard />
        <BusinessSettingsCards />
        <SavedRepliesCard />
        <TestEmailCard />
        <AdminsCard />
        <LegalPagesCard />
        <ProposalSettingsCard />
        <TaxRatesCard />
        <StatementSettingsCard />
        <AccountingAccountsCard />
      </div>
    </div>
  );
}
