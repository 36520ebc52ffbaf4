import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useLocation, useSearch } from 'wouter';
import {
  ADMIN_SETUP_LINK_INVALID,
  FirstAdminFormSchema,
  type FirstAdminForm,
} from '@shared/schemas/admin-accounts';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { toast } from '@/components/ui/use-toast';
import { paths } from '@/lib/paths';
import { useAdminLink } from '../api/check-admin-link';
import { createFirstAdmin, useCompleteAdminLink } from '../api/complete-admin-link';
import { AdminAuthFrame } from '../components/admin-auth-frame';
import { LinkGate } from '../components/link-gate';
import { NewPasswordFields } from '../components/new-password-fields';

/**
 * /admin/setup?token=: the link the server printed on a fresh install creates the first
 * admin and signs them in. Once an admin exists, the page says so instead.
 */
export function FirstAdminSetupPage() {
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const [, navigate] = useLocation();
  const link = useAdminLink('setup', token);
  const create = useCompleteAdminLink(
    createFirstAdmin,
    'The admin account could not be created. Please try again.',
  );
  const form = useForm<FirstAdminForm>({
    resolver: zodResolver(FirstAdminFormSchema),
    defaultValues: { firstName: '', lastName: '', email: '', password: '', confirmPassword: '' },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(({ confirmPassword: _, ...input }) =>
    create.mutate(
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
    <AdminAuthFrame
      title="Create the first admin"
      description="This install has no admin yet. The account you create here manages everything."
    >
      <LinkGate link={link} fallback={ADMIN_SETUP_LINK_INVALID}>
        {() => (
          <form onSubmit={onSubmit} noValidate className="space-y-4">
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
