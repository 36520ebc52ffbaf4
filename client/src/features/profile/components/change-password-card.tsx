import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { PasswordChangeFormSchema, type PasswordChangeForm } from '@shared/schemas/auth';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { toast } from '@/components/ui/use-toast';
import { ApiError, errorMessage } from '@/lib/api-request';
import { useChangePassword, usePasswordStatus } from '../api/password';

const EMPTY: PasswordChangeForm = { currentPassword: '', newPassword: '', confirmPassword: '' };
const FAILED = 'Your password could not be changed. Please try again.';

/**
 * Password: the current one and the new one twice, for a client of the built-in sign-in
 * provider (nothing is shown when another service holds their password). Other devices are
 * signed out; this one stays signed in.
 */
export function ChangePasswordCard() {
  const status = usePasswordStatus();
  const [editing, setEditing] = useState(false);
  const change = useChangePassword();
  const form = useForm<PasswordChangeForm>({
    resolver: zodResolver(PasswordChangeFormSchema),
    defaultValues: EMPTY,
  });

  if (!status.data?.canChange) return null;

  const close = () => {
    form.reset(EMPTY);
    setEditing(false);
  };

  const onSubmit = form.handleSubmit((values) =>
    change.mutate(values, {
      onSuccess: ({ message }) => {
        toast({ title: 'Password changed', description: message });
        close();
      },
      onError: (error) => {
        // A wrong current password is that field's fault; anything else is the form's.
        const field =
          error instanceof ApiError && error.status === 400 ? 'currentPassword' : 'root';
        form.setError(field, { message: errorMessage(error, FAILED) }, { shouldFocus: true });
      },
    }),
  );

  return (
    <Card>
      <div className="flex items-center justify-between gap-4 p-6">
        <CardTitle>Password</CardTitle>
        {!editing && (
          <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
            <KeyRound className="h-4 w-4" aria-hidden="true" /> Change password
          </Button>
        )}
      </div>
      <CardContent>
        {editing ? (
          <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Change password">
            <FormField
              label="Current password"
              type="password"
              autoComplete="current-password"
              autoFocus
              error={form.formState.errors.currentPassword?.message}
              {...form.register('currentPassword')}
            />
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField
                label="New password"
                type="password"
                autoComplete="new-password"
                hint="At least 8 characters."
                error={form.formState.errors.newPassword?.message}
                {...form.register('newPassword')}
              />
              <FormField
                label="Confirm new password"
                type="password"
                autoComplete="new-password"
                error={form.formState.errors.confirmPassword?.message}
                {...form.register('confirmPassword')}
              />
            </div>
            {form.formState.errors.root && (
              <p role="alert" className="text-sm text-destructive">
                {form.formState.errors.root.message}
              </p>
            )}
            <div className="flex justify-end gap-3">
              <Button type="button" variant="outline" onClick={close}>
                Cancel
              </Button>
              <Button type="submit" disabled={change.isPending}>
                {change.isPending ? 'Saving...' : 'Change password'}
              </Button>
            </div>
          </form>
        ) : (
          <p className="text-sm text-muted-foreground">
            Changing your password logs you out on your other devices.
          </p>
        )}
      </CardContent>
    </Card>
  );
}
