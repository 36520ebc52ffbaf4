import { zodResolver } from '@hookform/resolvers/zod';
import { Lock } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation } from 'wouter';
import {
  AdminLoginSchema,
  TwoFactorLoginSchema,
  type AdminLogin,
  type TwoFactorLogin,
} from '@shared/schemas/auth';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { toast } from '@/components/ui/use-toast';
import { ApiError, errorMessage } from '@/lib/api-request';
import { usePublicSettings } from '@/features/settings/public';
import { useLoginAdmin, useVerifyTwoFactorLogin } from '../api/login-admin';

function failureMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError
    ? errorMessage(error, fallback)
    : 'An error occurred during login';
}

/** The second step, after a right password when two-factor authentication is on. */
function CodeStep({
  onFailure,
  onBack,
}: {
  onFailure: (message: string | undefined) => void;
  onBack: () => void;
}) {
  const [, navigate] = useLocation();
  const verify = useVerifyTwoFactorLogin();
  const form = useForm<TwoFactorLogin>({
    resolver: zodResolver(TwoFactorLoginSchema),
    defaultValues: { code: '' },
  });
  const onSubmit = form.handleSubmit(async ({ code }) => {
    onFailure(undefined);
    try {
      await verify.mutateAsync(code);
      toast({ title: 'Welcome back!' });
      navigate('/admin/dashboard');
    } catch (error) {
      const message = failureMessage(error, 'Invalid authentication code');
      onFailure(message);
      form.reset({ code: '' });
      toast({ title: 'Login failed', description: message, variant: 'destructive' });
    }
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
  const { businessName } = usePublicSettings();
  const login = useLoginAdmin();
  const [failure, setFailure] = useState<string>();
  const [codeStep, setCodeStep] = useState(false);
  const form = useForm<AdminLogin>({
    resolver: zodResolver(AdminLoginSchema),
    defaultValues: { email: '', password: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (credentials) => {
    setFailure(undefined);
    try {
      const result = await login.mutateAsync(credentials);
      if ('twoFactorRequired' in result) {
        setCodeStep(true);
        return;
      }
      toast({ title: 'Welcome back!' });
      navigate('/admin/dashboard');
    } catch (error) {
      const message = failureMessage(error, 'Invalid credentials');
      setFailure(message);
      toast({ title: 'Login failed', description: message, variant: 'destructive' });
    }
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
              onFailure={setFailure}
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
                {login.isPending ? 'Signing in...' : 'Sign In'}
              </Button>
            </form>
          )}
        </CardContent>
      </Card>
    </main>
  );
}
