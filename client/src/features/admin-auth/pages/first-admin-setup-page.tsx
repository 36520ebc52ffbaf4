import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useSearch } from 'wouter';
import {
  ADMIN_SETUP_LINK_INVALID,
  FirstAdminFormSchema,
  type FirstAdminForm,
} from '@shared/schemas/admin-accounts';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { useAdminLink } from '../api/check-admin-link';
import { createFirstAdmin, useCreateAdminAccount } from '../api/complete-admin-link';
import { AdminAuthFrame } from '../components/admin-auth-frame';
import { LinkGate } from '../components/link-gate';
import { NameFields } from '../components/name-fields';
import { NewPasswordFields } from '../components/new-password-fields';

/**
 * /admin/setup?token=: the link the server printed on a fresh install creates the first
 * admin and signs them in. Once an admin exists, the page says so instead.
 */
export function FirstAdminSetupPage() {
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const link = useAdminLink('setup', token);
  const create = useCreateAdminAccount(
    createFirstAdmin,
    'The admin account could not be created. Please try again.',
  );
  const form = useForm<FirstAdminForm>({
    resolver: zodResolver(FirstAdminFormSchema),
    defaultValues: { firstName: '', lastName: '', email: '', password: '', confirmPassword: '' },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(({ confirmPassword: _, ...input }) =>
    create.create({ ...input, token }),
  );

  return (
    <AdminAuthFrame
      title="Create the first admin"
      description="This install has no admin yet. The account you create here manages everything."
    >
      <LinkGate link={link} fallback={ADMIN_SETUP_LINK_INVALID}>
        {() => (
          <form onSubmit={onSubmit} noValidate className="space-y-4">
            <NameFields register={form.register} errors={errors} />
            <FormField
              label="Email"
              type="email"
              autoComplete="username"
              error={errors.email?.message}
              {...form.register('email')}
            />
            <NewPasswordFields register={form.register} errors={errors} />
            <Button type="submit" className="w-full" disabled={create.isPending}>
              {create.isPending ? 'Creating...' : 'Create admin account'}
            </Button>
          </form>
        )}
      </LinkGate>
    </AdminAuthFrame>
  );
}
