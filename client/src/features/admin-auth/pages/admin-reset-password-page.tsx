import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation, useSearch } from 'wouter';
import {
  ADMIN_LINK_INVALID,
  NewPasswordFormSchema,
  type NewPasswordForm,
} from '@shared/schemas/admin-accounts';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-request';
import { paths } from '@/lib/paths';
import { useAdminLink } from '../api/check-admin-link';
import { resetPasswordWithLink, useCompleteAdminLink } from '../api/complete-admin-link';
import { AdminAuthFrame, FrameAlert } from '../components/admin-auth-frame';
import { LinkGate } from '../components/link-gate';
import { NewPasswordFields } from '../components/new-password-fields';
import { CodeStep } from './admin-login-page';

/**
 * /admin/reset-password?token=: the e-mailed (or printed) link's page. A new password, twice;
 * then the admin is signed in, after their code when two-factor authentication is on.
 */
export function AdminResetPasswordPage() {
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const [, navigate] = useLocation();
  const link = useAdminLink('reset', token);
  const reset = useCompleteAdminLink(
    resetPasswordWithLink,
    'The password could not be set. Please try again.',
  );
  const [codeStep, setCodeStep] = useState(false);
  const [failure, setFailure] = useState<string>();
  const form = useForm<NewPasswordForm>({
    resolver: zodResolver(NewPasswordFormSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });

  const signedIn = () => {
    toast({ title: 'Password set', description: 'You are signed in with your new password.' });
    navigate(paths.admin.dashboard());
  };
  const onSubmit = form.handleSubmit(({ password }) =>
    reset.mutate(
      { token, password },
      {
        onSuccess: (result) => {
          if ('twoFactorRequired' in result) setCodeStep(true);
          else signedIn();
        },
      },
    ),
  );

  return (
    <AdminAuthFrame
      title="Set a new password"
      description={
        codeStep
          ? 'Your password is set. Enter the code from your authenticator app to sign in.'
          : 'Choose a new password for your admin account. Every other session then ends.'
      }
    >
      {failure && <FrameAlert>{failure}</FrameAlert>}
      {codeStep ? (
        <CodeStep
          onAttempt={() => setFailure(undefined)}
          onSignedIn={signedIn}
          onFailure={(error, fallback) => setFailure(errorMessage(error, fallback))}
          onBack={() => navigate(paths.admin.login())}
        />
      ) : (
        <LinkGate link={link} fallback={ADMIN_LINK_INVALID}>
          {() => (
            <form onSubmit={onSubmit} noValidate className="space-y-4">
              <NewPasswordFields register={form.register} errors={form.formState.errors} />
              <Button type="submit" className="w-full" disabled={reset.isPending}>
                {reset.isPending ? 'Saving...' : 'Set password'}
              </Button>
            </form>
          )}
        </LinkGate>
      )}
    </AdminAuthFrame>
  );
}
