import { zodResolver } from '@hookform/resolvers/zod';
import { Pencil } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import type { CurrentUser } from '@shared/schemas/profile';
import { UpdateProfileSchema, type UpdateProfile } from '@shared/schemas/profile';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardTitle } from '@/components/ui/card';
import { Detail } from '@/components/ui/detail';
import { FormField } from '@/components/ui/form-field';
import { toast } from '@/components/ui/use-toast';
import { useEmailChangeStatus } from '../api/email-change';
import { useUpdateProfile } from '../api/update-profile';
import { EMAIL_CARD_ID } from './change-email-card';

const FIELDS = [
  ['firstName', 'First Name'],
  ['lastName', 'Last Name'],
  ['businessName', 'Business Name'],
  ['phoneNumber', 'Phone Number'],
] as const;

function formValues(user: CurrentUser): UpdateProfile {
  return {
    firstName: user.firstName ?? '',
    lastName: user.lastName ?? '',
    businessName: user.businessName ?? '',
    phoneNumber: user.phoneNumber ?? '',
  };
}

/** Account Information: view mode, and edit mode with Save and Cancel (spec section 4). */
export function AccountCard({ user }: { user: CurrentUser }) {
  const [editing, setEditing] = useState(false);
  const update = useUpdateProfile();
  const emailChange = useEmailChangeStatus();
  const canChangeEmail = emailChange.data?.canChange ?? false;
  const pendingEmail = emailChange.data?.pending?.email;
  const form = useForm<z.input<typeof UpdateProfileSchema>, unknown, UpdateProfile>({
    resolver: zodResolver(UpdateProfileSchema),
    values: formValues(user),
  });

  const cancel = () => {
    form.reset(formValues(user));
    setEditing(false);
  };

  const onSubmit = form.handleSubmit((changes) =>
    update.mutate(changes, {
      onSuccess: () => {
        toast({ title: 'Profile Updated', description: 'Your information has been saved.' });
        setEditing(false);
      },
    }),
  );

  return (
    <Card>
      <div className="flex items-center justify-between gap-4 p-6">
        <CardTitle>Account Information</CardTitle>
        {!editing && (
          <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
            <Pencil className="h-4 w-4" aria-hidden="true" /> Edit
          </Button>
        )}
      </div>
      <CardContent>
        {editing ? (
          <form onSubmit={onSubmit} noValidate className="space-y-4">
            <div className="grid gap-4 sm:grid-cols-2">
              {FIELDS.map(([name, label]) => (
                <FormField
                  key={name}
                  label={label}
                  error={form.formState.errors[name]?.message}
                  {...form.register(name)}
                />
              ))}
            </div>
            <FormField
              label="Email"
              value={user.email ?? ''}
              disabled
              readOnly
              hint={
                canChangeEmail
                  ? 'Changed under Sign-in e-mail, with a code sent to the new address'
                  : 'Email cannot be changed'
              }
            />
            <div className="flex justify-end gap-3">
              <Button type="button" variant="outline" onClick={cancel}>
                Cancel
              </Button>
              <Button type="submit" disabled={update.isPending}>
                {update.isPending ? 'Saving...' : 'Save'}
              </Button>
            </div>
          </form>
        ) : (
          <dl className="grid gap-4 sm:grid-cols-2">
            {FIELDS.map(([name, label]) => (
              <Detail key={name} label={label}>
                {user[name] || 'Not provided'}
              </Detail>
            ))}
            <Detail label="Email">
              <span className="break-all">{user.email ?? 'Not provided'}</span>
              {pendingEmail && (
                <span className="mt-1 block text-sm text-amber-900">
                  Changing to <span className="break-all font-medium">{pendingEmail}</span>:{' '}
                  <a href={`#${EMAIL_CARD_ID}`} className="text-primary underline">
                    enter the code we sent
                  </a>
                </span>
              )}
            </Detail>
          </dl>
        )}
      </CardContent>
    </Card>
  );
}
