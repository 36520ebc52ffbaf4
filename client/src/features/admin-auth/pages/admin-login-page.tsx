import { zodResolver } from '@hookform/resolvers/zod';
import { Lock } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation } from 'wouter';
import { AdminLoginSchema, type AdminLogin } from '@shared/schemas/auth';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { toast } from '@/components/ui/use-toast';
import { ApiError, errorMessage } from '@/lib/api-request';
import { usePublicSettings } from '@/features/settings/api/get-public-settings';
import { useLoginAdmin } from '../api/login-admin';

export function AdminLoginPage() {
  const [, navigate] = useLocation();
  const { businessName } = usePublicSettings();
  const login = useLoginAdmin();
  const [failure, setFailure] = useState<string>();
  const form = useForm<AdminLogin>({
    resolver: zodResolver(AdminLoginSchema),
    defaultValues: { email: '', password: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (credentials) => {
    setFailure(undefined);
    try {
      await login.mutateAsync(credentials);
      toast({ title: 'Welcome back!' });
      navigate('/admin/dashboard');
    } catch (error) {
      const message =
        error instanceof ApiError
          ? errorMessage(error, 'Invalid credentials')
          : 'An error occurred during login';
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
          <CardDescription>Sign in to manage your business</CardDescription>
        </CardHeader>
        <CardContent>
          <form onSubmit={onSubmit} noValidate className="space-y-4">
            {failure && (
              <p
                role="alert"
                className="rounded-md border border-destructive/30 bg-destructive/10 p-3 text-sm text-destructive"
              >
                {failure}
              </p>
            )}
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
        </CardContent>
      </Card>
    </main>
  );
}
