import { AlertTriangle, CheckCircle2 } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useLocation, useParams } from 'wouter';
import { formatPlanPrice } from '@shared/plans';
import { usePlanLookup } from '@/features/plans/public';
import { QueryProvider } from '@/lib/query-provider';
import { BrandCardPage } from '@/components/brand-card-page';
import { Button } from '@/components/ui/button';
import { CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-request';
import { formatDateTime } from '@/lib/dates';
import { SignOutButton, useUser } from '@/features/auth/public';
import { usePublicSettings } from '@/features/settings/public';
import { useSignupInvite } from '../api/get-signup-invite';
import { useRedeemSignupLink } from '../api/redeem-signup-link';
import { paths } from '@/lib/paths';

function Frame({ children }: { children: React.ReactNode }) {
  return <BrandCardPage brand={usePublicSettings().businessName}>{children}</BrandCardPage>;
}

/** A link that cannot be used, why, and how to get a new one. */
function Unusable({ message }: { message: string }) {
  const { businessEmail } = usePublicSettings();
  return (
    <Frame>
      <CardHeader>
        <CardTitle as="h1" className="flex items-center gap-2">
          <AlertTriangle className="h-5 w-5 text-destructive" aria-hidden="true" />
          This link cannot be used
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <p role="alert">{message}</p>
        <p className="text-sm text-muted-foreground">
          To get a new link, write to{' '}
          <a className="text-primary underline" href={`mailto:${businessEmail}`}>
            {businessEmail}
          </a>
          . Already a client?{' '}
          <a className="text-primary underline" href="/api/login">
            Sign in to your portal
          </a>
          .
        </p>
      </CardContent>
    </Frame>
  );
}

function Invitation({ token }: { token: string }) {
  const plans = usePlanLookup();
  const invite = useSignupInvite(token);
  const { user, isLoading: userLoading } = useUser();
  const redeem = useRedeemSignupLink();
  const [, navigate] = useLocation();
  const attempted = useRef(false);

  // Back from the sign-in with the invited account: the link is used right away.
  useEffect(() => {
    if (!invite.data || !user || attempted.current) return;
    if (user.email?.toLowerCase() !== invite.data.email) return;
    attempted.current = true;
    redeem.mutate(token, {
      onSuccess: (change) => {
        toast({ title: 'Welcome!', description: change.message });
        navigate(paths.portal.dashboard());
      },
    });
  }, [invite.data, user, token, redeem, navigate]);

  if (invite.isLoading || userLoading) {
    return (
      <Frame>
        <CardContent className="flex justify-center py-10">
          <Spinner label="Loading your invitation..." />
        </CardContent>
      </Frame>
    );
  }
  if (!invite.data) {
    return <Unusable message={errorMessage(invite.error, 'This signup link could not be read.')} />;
  }
  if (redeem.isError)
    return <Unusable message={errorMessage(redeem.error, 'Failed to use the link.')} />;

  const { email, planType, expiresAt } = invite.data;
  const plan = plans.find(planType);
  const signInUrl = (screen?: 'signup') =>
    `/api/login?${new URLSearchParams({
      login_hint: email,
      returnTo: paths.signup(token),
      ...(screen ? { screen } : {}),
    }).toString()}`;
  const otherAccount = user && user.email?.toLowerCase() !== email;

  return (
    <Frame>
      <CardHeader>
        <CardTitle as="h1">You&apos;re invited</CardTitle>
        <CardDescription>Create your client account to start your website plan.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        <dl className="space-y-3">
          <div>
            <dt className="text-sm text-muted-foreground">Plan</dt>
            <dd className="text-lg font-semibold">
              {plan?.name} · {plan ? formatPlanPrice(plan.monthlyPrice) : ''}
            </dd>
            {plan && <dd className="text-sm text-muted-foreground">{plan.description}</dd>}
          </div>
          <div>
            <dt className="text-sm text-muted-foreground">For</dt>
            <dd className="font-medium">{email}</dd>
          </div>
          <div>
            <dt className="text-sm text-muted-foreground">Link valid until</dt>
            <dd>{formatDateTime(expiresAt, { zoneName: true })}</dd>
          </div>
        </dl>
        {redeem.isPending ? (
          <Spinner label="Setting up your plan..." />
        ) : otherAccount ? (
          <div className="space-y-3">
            <p role="alert" className="text-sm text-destructive">
              You are signed in as {user.email ?? 'another account'}. This link is for {email}: log
              out, then open the link again.
            </p>
            <SignOutButton variant="outline" className="w-full">
              Log out
            </SignOutButton>
          </div>
        ) : (
          <div className="space-y-3">
            <Button asChild className="w-full" size="lg">
              <a href={signInUrl('signup')}>
                <CheckCircle2 className="h-4 w-4" aria-hidden="true" /> Create account
              </a>
            </Button>
            <Button asChild variant="outline" className="w-full">
              <a href={signInUrl()}>I already have an account: sign in</a>
            </Button>
          </div>
        )}
        <p className="text-xs text-muted-foreground">
          Billed monthly, no setup fees, cancel anytime. Your plan starts when the first invoice is
          paid.
        </p>
      </CardContent>
    </Frame>
  );
}

/** /signup/{token}: a new client's invitation from the agency. */
export function SignupPage() {
  const { token } = useParams<{ token: string }>();
  return (
    <QueryProvider>
      <Invitation token={token} />
    </QueryProvider>
  );
}
