import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useLocation, useSearch } from 'wouter';
import {
  ADMIN_INVITE_INVALID,
  AcceptAdminInviteFormSchema,
  type AcceptAdminInviteForm,
} from '@shared/schemas/admin-accounts';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { toast } from '@/components/ui/use-toast';
import { paths } from '@/lib/paths';
import { useAdminInvite } from '../api/check-admin-link';
import { acceptAdminInvite, useCompleteAdminLink } from '../api/complete-admin-link';
import { AdminAuthFrame } from '../components/admin-auth-frame';
import { LinkGate } from '../components/link-gate';
import { NewPasswordFields } from '../components/new-password-fields';

/** /admin/accept-invite?token=: an invited admin's name and password, then signed in. */
export function AcceptAdminInvitePage() {
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const [, navigate] = useLocation();
  const link = useAdminInvite(token);
  const accept = useCompleteAdminLink(
    acceptAdminInvite,
    'The invitation could not be accepted. Please try again.',
  );
  const form = useForm<AcceptAdminInviteForm>({
    resolver: zodResolver(AcceptAdminInviteFormSchema),
    defaultValues: { firstName: '', lastName: '', password: '', confirmPassword: '' },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(({ confirmPassword: _, ...input }) =>
    accept.mutate(
      { ...input, token },
      {
        onSuccess: () => {
          toast({ title: 'Welcome!', description: 'Your admin account is ready.' });
          navigate(paths.admin.dashboard());
        },
      },
    ),
  );

  return (
    <AdminAuthFrame title="Join the admin panel">
      <LinkGate link={link} fallback={ADMIN_INVITE_INVALID}>
        {({ email }) => (
          <form onSubmit={onSubmit} noValidate className="space-y-4">
            <p className="text-center text-sm text-muted-foreground">
              The invitation is for <strong className="text-foreground">{email}</strong>. Choose
              your name and password.
            </p>
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField
                label="First name"
                autoComplete="given-name"
                error={errors.firstName?.message}
                {...form.register('firstName')}
              />
              <FormField
                label="Last name"
                autoComplete="family-name"
                error={errors.lastName?.message}
                {...form.register('lastName')}
              />
            </div>
            <NewPasswordFields register={form.register} errors={errors} />
            <Button type="submit" className="w-full" disabled={accept.isPending}>
              {accept.isPending ? 'Creating...' : 'Create my admin account'}
            </Button>
          </form>
        )}
      </LinkGate>
    </AdminAuthFrame>
  );
}
