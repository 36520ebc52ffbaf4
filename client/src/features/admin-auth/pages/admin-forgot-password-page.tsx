import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link } from 'wouter';
import {
  AdminForgotPasswordSchema,
  type AdminForgotPassword,
} from '@shared/schemas/admin-accounts';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { paths } from '@/lib/paths';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { AdminAuthFrame } from '../components/admin-auth-frame';

/** /admin/forgot-password: the admin's e-mail, then the same answer whoever asked. */
export function AdminForgotPasswordPage() {
  const request = useRequestPasswordReset();
  const form = useForm<AdminForgotPassword>({
    resolver: zodResolver(AdminForgotPasswordSchema),
    defaultValues: { email: '' },
  });
  const onSubmit = form.handleSubmit((input) => request.mutate(input));

  return (
    <AdminAuthFrame
      title="Forgot your password?"
      description="Enter your admin e-mail address and we will send you a link to set a new password."
    >
      {request.isSuccess ? (
        <p role="status" className="rounded-md border bg-muted p-3 text-sm">
          {request.data.message}
        </p>
      ) : (
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          <FormField
            label="Email"
            type="email"
            autoComplete="username"
            autoFocus
            error={form.formState.errors.email?.message}
            {...form.register('email')}
          />
          <Button type="submit" className="w-full" disabled={request.isPending}>
            {request.isPending ? 'Sending...' : 'Send the link'}
          </Button>
        </form>
      )}
      <p className="text-center text-sm">
        <Link
          href={paths.admin.login()}
          className="text-primary underline-offset-4 hover:underline"
        >
          Back to sign in
        </Link>
      </p>
    </AdminAuthFrame>
  );
}
