import { ShieldAlert } from 'lucide-react';
import { useLocation } from 'wouter';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { TwoFactorPanel } from '../components/two-factor-card';
import { paths } from '@/lib/paths';

/**
 * /admin/two-factor-setup: where an admin without two-factor lands while the business requires
 * it for every admin (the API answers 403 elsewhere until it is on).
 */
export function TwoFactorSetupPage() {
  const [, navigate] = useLocation();
  return (
    <div className="mx-auto max-w-xl space-y-6">
      <h1 className="font-display text-3xl font-bold">Set up two-factor authentication</h1>
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <ShieldAlert className="h-5 w-5 text-primary" aria-hidden="true" />
            Required for every admin
          </CardTitle>
          <CardDescription>
            Your business requires two-factor authentication for every admin. Set it up to continue.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <TwoFactorPanel onEnabled={() => navigate(paths.admin.dashboard())} />
        </CardContent>
      </Card>
    </div>
  );
}
