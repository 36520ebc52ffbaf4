import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useSearch } from 'wouter';
import {
  ADMIN_INVITE_INVALID,
  AcceptAdminInviteFormSchema,
  type AcceptAdminInviteForm,
} from '@shared/schemas/admin-accounts';
import { Button } from '@/components/ui/button';
import { useAdminInvite } from '../api/check-admin-link';
import { acceptAdminInvite, useCreateAdminAccount } from '../api/complete-admin-link';
import { AdminAuthFrame } from '../components/admin-auth-frame';
import { LinkGate } from '../components/link-gate';
import { NameFields } from '../components/name-fields';
import { NewPasswordFields } from '../components/new-password-fields';

/** /admin/accept-invite?token=: an invited admin's name and password, then signed in. */
export function AcceptAdminInvitePage() {
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const link = useAdminInvite(token);
  const accept = useCreateAdminAccount(
    acceptAdminInvite,
    'The invitation could not be accepted. Please try again.',
  );
  const form = useForm<AcceptAdminInviteForm>({
    resolver: zodResolver(AcceptAdminInviteFormSchema),
    defaultValues: { firstName: '', lastName: '', password: '', confirmPassword: '' },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(({ confirmPassword: _, ...input }) =>
    accept.create({ ...input, token }),
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
            <NameFields register={form.register} errors={errors} />
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
