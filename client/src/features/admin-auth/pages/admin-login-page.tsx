import { zodResolver } from '@hookform/resolvers/zod';
import { Lock } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useSearch } from 'wouter';
import {
  AdminLoginSchema,
  TwoFactorLoginSchema,
  type AdminLogin,
  type SignedInAdmin,
  type TwoFactorLogin,
} from '@shared/schemas/auth';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { toast } from '@/components/ui/use-toast';
import { ApiError, errorMessage } from '@/lib/api-request';
import { paths } from '@/lib/paths';
import { usePublicSettings } from '@/features/settings/public';
import { useLoginAdmin } from '../api/login-admin';
import { useVerifyTwoFactorLogin } from '../api/verify-two-factor-login';
import { adminReturnPath } from '../lib/return-path';

/** How long the sign-in greeting stays: long enough to read two words. */
const WELCOME_TOAST_MS = 2000;

/**
 * Spec section 8: the server's message, or `fallback` when it gave none; 'An error occurred
 * during login' when it could not be reached. The login form shows it (and announces it) as
 * well as the spec's toast, so it stays after the toast is gone.
 */
function failureMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError
    ? errorMessage(error, fallback)
    : 'An error occurred during login';
}

/**
 * The second step, after a right password (or a new one set from a reset link) when two-factor
 * authentication is on.
 */
export function CodeStep({
  onAttempt,
  onSignedIn,
  onFailure,
  onBack,
}: {
  onAttempt: () => void;
  onSignedIn: (admin: SignedInAdmin) => void;
  onFailure: (error: unknown, fallback: string) => void;
  onBack: () => void;
}) {
  const verify = useVerifyTwoFactorLogin();
  const form = useForm<TwoFactorLogin>({
    resolver: zodResolver(TwoFactorLoginSchema),
    defaultValues: { code: '' },
  });
  const onSubmit = form.handleSubmit(({ code }) => {
    onAttempt();
    verify.mutate(code, {
      onSuccess: onSignedIn,
      onError: (error) => {
        form.reset({ code: '' });
        onFailure(error, 'Invalid authentication code');
      },
    });
  });
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <FormField
        label="Authentication code"
        hint="The 6-digit code from your authenticator app, or one of your recovery codes."
        autoComplete="one-time-code"
        autoFocus
        error={form.formState.errors.code?.message}
        {...form.register('code')}
      />
      <Button type="submit" className="w-full" disabled={verify.isPending}>
        {verify.isPending ? 'Checking...' : 'Verify'}
      </Button>
      <Button type="button" variant="link" className="w-full" onClick={onBack}>
        Use a different account
      </Button>
    </form>
  );
}

export function AdminLoginPage() {
  const [, navigate] = useLocation();
  const next = new URLSearchParams(useSearch()).get('next');
  const { businessName } = usePublicSettings();
  const login = useLoginAdmin();
  const [failure, setFailure] = useState<string>();
  const [codeStep, setCodeStep] = useState(false);
  const form = useForm<AdminLogin>({
    resolver: zodResolver(AdminLoginSchema),
    defaultValues: { email: '', password: '' },
  });
  const { errors } = form.formState;

  // The spec's 'Welcome back!', except to an admin signing in for the first time: a greeting
  // with nothing to read or do, so it goes sooner than other toasts, off the dashboard's cards.
  const signedIn = (admin: SignedInAdmin) => {
    toast({
      title: admin.firstSignIn ? 'Welcome!' : 'Welcome back!',
      duration: WELCOME_TOAST_MS,
    });
    navigate(adminReturnPath(next));
  };
  // Not the query client's toast: a 401 here is a wrong password, not a session that ended.
  const failed = (error: unknown, fallback: string) => {
    const message = failureMessage(error, fallback);
    setFailure(message);
    toast({ title: 'Sign-in failed', description: message, variant: 'destructive' });
  };

  const onSubmit = form.handleSubmit((credentials) => {
    setFailure(undefined);
    login.mutate(credentials, {
      onSuccess: (result) => {
        if ('twoFactorRequired' in result) setCodeStep(true);
        else signedIn(result);
      },
      onError: (error) => failed(error, 'Invalid credentials'),
    });
  });

  return (
    <main className="flex min-h-screen items-center justify-center bg-gradient-to-br from-[#0b3b4f] via-[#0e7490] to-[#f4d8a8] p-4">
      <Card className="w-full max-w-md">
        <CardHeader className="items-center text-center">
          <div className="mb-2 flex h-12 w-12 items-center justify-center rounded-full bg-primary/10">
            <Lock className="h-6 w-6 text-primary" aria-hidden="true" />
          </div>
          <h1 className="text-2xl font-semibold">{businessName} Admin</h1>
          <CardDescription>
            {codeStep
              ? 'Enter the code from your authenticator app'
              : 'Sign in to manage your business'}
          </CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          {failure && (
            <p
              role="alert"
              className="rounded-md border border-destructive/30 bg-destructive/10 p-3 text-sm text-destructive"
            >
              {failure}
            </p>
          )}
          {codeStep ? (
            <CodeStep
              onAttempt={() => setFailure(undefined)}
              onSignedIn={signedIn}
              onFailure={failed}
              onBack={() => {
                setFailure(undefined);
                setCodeStep(false);
                form.reset({ email: form.getValues('email'), password: '' });
              }}
            />
          ) : (
            <form onSubmit={onSubmit} noValidate className="space-y-4">
              <FormField
                label="Email"
                type="email"
                autoComplete="username"
                error={errors.email?.message}
                {...form.register('email')}
              />
              <FormField
                label="Password"
                type="password"
                autoComplete="current-password"
                error={errors.password?.message}
                {...form.register('password')}
              />
              <Button type="submit" className="w-full" disabled={login.isPending}>
                {login.isPending ? 'Signing in...' : 'Sign in'}
              </Button>
              <p className="text-center text-sm">
                <Link
                  href={paths.admin.forgotPassword()}
                  className="text-primary underline-offset-4 hover:underline"
                >
                  Forgot password?
                </Link>
              </p>
            </form>
          )}
        </CardContent>
      </Card>
    </main>
  );
}
