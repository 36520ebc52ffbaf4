import { ShieldAlert, ShieldCheck } from 'lucide-react';
import { useLocation } from 'wouter';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { TwoFactorPanel } from '../components/two-factor-card';
import { useAdmin } from '../api/get-admin';
import { paths } from '@/lib/paths';

/**
 * /admin/two-factor-setup: where an admin without two-factor lands while the business requires
 * it for every admin (the API answers 403 elsewhere until it is on). Opened when the setting
 * is off, it offers two-factor without claiming it is required.
 */
export function TwoFactorSetupPage() {
  const [, navigate] = useLocation();
  const { data: admin } = useAdmin();
  const required = admin?.twoFactorSetupRequired === true;
  const Icon = required ? ShieldAlert : ShieldCheck;
  return (
    <div className="mx-auto max-w-xl space-y-6">
      <h1 className="font-display text-3xl font-bold">Set up two-factor authentication</h1>
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <Icon className="h-5 w-5 text-primary" aria-hidden="true" />
            {required ? 'Required for every admin' : 'Protect your account'}
          </CardTitle>
          <CardDescription>
            {required
              ? 'Your business requires two-factor authentication for every admin. Set it up to continue.'
              : 'Add a code from an authenticator app to your sign-in, so a stolen password alone cannot open the admin panel. Recommended, not required.'}
          </CardDescription>
        </CardHeader>
        <CardContent>
          <TwoFactorPanel onEnabled={() => navigate(paths.admin.dashboard())} />
        </CardContent>
      </Card>
    </div>
  );
}
