import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  ADMIN_INVITE_VALIDITY_DAYS,
  AdminInviteSchema,
  type AdminInvite,
  type PendingAdminInvite,
} from '@shared/schemas/admin-accounts';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FormField } from '@/components/ui/form-field';
import { QueryList } from '@/components/ui/query-list';
import { toast } from '@/components/ui/use-toast';
import { formatDate } from '@/lib/dates';
import {
  useAdminInvites,
  useAdmins,
  useInviteAdmin,
  useRevokeAdminInvite,
} from '../api/admin-team';

function InviteForm() {
  const invite = useInviteAdmin();
  const form = useForm<AdminInvite>({
    resolver: zodResolver(AdminInviteSchema),
    defaultValues: { email: '' },
  });
  const onSubmit = form.handleSubmit((input) =>
    invite.mutate(input, {
      onSuccess: ({ message }) => {
        toast({ title: 'Invitation sent', description: message });
        form.reset({ email: '' });
      },
    }),
  );
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-start">
      <div className="flex-1">
        <FormField
          label="Invite an admin by e-mail"
          type="email"
          autoComplete="off"
          hint={`They get a link that works once, for ${ADMIN_INVITE_VALIDITY_DAYS} days, to choose their name and password.`}
          error={form.formState.errors.email?.message}
          {...form.register('email')}
        />
      </div>
      <Button type="submit" className="sm:mt-6" disabled={invite.isPending}>
        {invite.isPending ? 'Sending...' : 'Send invitation'}
      </Button>
    </form>
  );
}

function PendingInvites() {
  const invites = useAdminInvites();
  const revoke = useRevokeAdminInvite();
  const [revoking, setRevoking] = useState<PendingAdminInvite>();
  if (!invites.data || invites.data.items.length === 0) return null;
  return (
    <section aria-labelledby="pending-invites" className="space-y-2">
      <h3 id="pending-invites" className="text-sm font-semibold">
        Pending invitations
      </h3>
      <ul className="divide-y rounded-md border">
        {invites.data.items.map((invite) => (
          <li key={invite.id} className="flex flex-wrap items-center justify-between gap-2 p-3">
            <div className="min-w-0">
              <p className="break-all text-sm font-medium">{invite.email}</p>
              <p className="text-xs text-muted-foreground">
                Works until {formatDate(invite.expiresAt)}
                {invite.invitedBy ? ` · invited by ${invite.invitedBy}` : ''}
              </p>
            </div>
            <Button
              variant="outline"
              size="sm"
              onClick={() => setRevoking(invite)}
              aria-label={`Revoke the invitation to ${invite.email}`}
            >
              Revoke
            </Button>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={revoking !== undefined}
        onOpenChange={(open) => !open && setRevoking(undefined)}
        title="Revoke this invitation?"
        description={`The link sent to ${revoking?.email ?? ''} stops working. You can invite them again later.`}
        confirmLabel="Revoke"
        pendingLabel="Revoking..."
        pending={revoke.isPending}
        onConfirm={() =>
          revoking &&
          revoke.mutate(revoking.id, {
            onSuccess: () => {
              toast({ title: 'Invitation revoked' });
              setRevoking(undefined);
            },
          })
        }
      />
    </section>
  );
}

/** Settings' "Admins": who can sign in to the admin panel, and invitations to join it. */
export function AdminsCard() {
  const admins = useAdmins();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Admins</CardTitle>
        <CardDescription>Everyone who can sign in to this admin panel.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        <QueryList
          query={{ ...admins, data: admins.data?.items }}
          what="The admins"
          empty="No admins yet."
        >
          {(items) => (
            <ul className="divide-y rounded-md border">
              {items.map((admin) => (
                <li
                  key={admin.id}
                  className="flex flex-wrap items-center justify-between gap-2 p-3"
                >
                  <div className="min-w-0">
                    <p className="text-sm font-medium">
                      {[admin.firstName, admin.lastName].filter(Boolean).join(' ') || admin.email}
                    </p>
                    <p className="break-all text-xs text-muted-foreground">
                      {admin.email} · since {formatDate(admin.createdAt)}
                    </p>
                  </div>
                  <Badge variant={admin.twoFactorEnabled ? 'success' : 'outline'}>
                    {admin.twoFactorEnabled ? 'Two-factor on' : 'Two-factor off'}
                  </Badge>
                </li>
              ))}
              {(admins.data?.total ?? 0) > items.length && (
                <li className="p-3 text-xs text-muted-foreground">
                  Showing {items.length} of {admins.data?.total} admins.
                </li>
              )}
            </ul>
          )}
        </QueryList>
        <InviteForm />
        <PendingInvites />
      </CardContent>
    </Card>
  );
}
