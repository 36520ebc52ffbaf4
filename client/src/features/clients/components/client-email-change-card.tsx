import { zodResolver } from '@hookform/resolvers/zod';
import { Mail } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import type { ClientDetail } from '@shared/schemas/clients';
import { EmailChangeRequestSchema, type EmailChangeRequest } from '@shared/schemas/profile';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-request';
import { formatDateTime } from '@/lib/dates';
import {
  useCancelClientEmailChange,
  useClientEmailChange,
  useStartClientEmailChange,
} from '../api/client-account';

const EMPTY: EmailChangeRequest = { email: '' };

/**
 * The client's sign-in e-mail on their page. The agency types the new address; a code goes
 * there, and the client enters it in their portal (signed in as usual): only then does the
 * address change, so nobody's account can be moved to a mailbox its owner cannot read. The
 * change waiting for its code is shown, and can be cancelled.
 */
export function ClientEmailChangeCard({ profile }: { profile: ClientDetail['profile'] }) {
  const status = useClientEmailChange(profile.id);
  const start = useStartClientEmailChange(profile.id);
  const cancel = useCancelClientEmailChange(profile.id);
  const [open, setOpen] = useState(false);
  const form = useForm<z.input<typeof EmailChangeRequestSchema>, unknown, EmailChangeRequest>({
    resolver: zodResolver(EmailChangeRequestSchema),
    defaultValues: EMPTY,
  });
  if (!status.data) return null;
  const { canChange, pending } = status.data;
  const deactivated = profile.deactivatedAt !== null;

  const close = () => {
    form.reset(EMPTY);
    setOpen(false);
  };
  const onSubmit = form.handleSubmit((body) =>
    start.mutate(body, {
      onSuccess: ({ message }) => {
        toast({ title: 'Code Sent', description: message });
        close();
      },
      onError: (error) =>
        form.setError(
          'email',
          { message: errorMessage(error, 'The e-mail change could not be started.') },
          { shouldFocus: true },
        ),
    }),
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">Sign-in e-mail</CardTitle>
      </CardHeader>
      <CardContent className="space-y-3">
        <p className="break-all text-sm">
          <span className="text-muted-foreground">Signs in with </span>
          <span className="font-medium">{profile.email ?? 'no e-mail'}</span>
        </p>
        {!canChange ? (
          <p className="text-sm text-muted-foreground">
            This client signs in with an external provider: their e-mail is changed there.
          </p>
        ) : (
          <>
            {pending && (
              <div className="space-y-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
                <p>
                  Waiting for the client to enter the code sent to{' '}
                  <span className="break-all font-medium">{pending.email}</span> in their portal.
                  The code works until {formatDateTime(pending.expiresAt)}.
                </p>
                <Button
                  variant="outline"
                  size="sm"
                  disabled={cancel.isPending}
                  onClick={() =>
                    cancel.mutate(undefined, {
                      onSuccess: ({ message }) =>
                        toast({ title: 'E-mail Change Cancelled', description: message }),
                    })
                  }
                >
                  Cancel the change
                </Button>
              </div>
            )}
            <p className="text-sm text-muted-foreground">
              {deactivated
                ? 'Reactivate the account to change its e-mail.'
                : 'A code goes to the new address; the address changes once the client enters it in their portal. The current address is told.'}
            </p>
            <Button
              variant="outline"
              size="sm"
              disabled={deactivated}
              onClick={() => setOpen(true)}
            >
              <Mail className="h-4 w-4" aria-hidden="true" /> Change e-mail
            </Button>
          </>
        )}
      </CardContent>
      <Dialog open={open} onOpenChange={(next) => (next ? setOpen(true) : close())}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Change the client&apos;s e-mail</DialogTitle>
            <DialogDescription className="break-words">
              We e-mail a 6-digit code to the new address. {profile.name} signs in to their portal
              as usual and enters it on their account page within 24 hours; until then they keep
              signing in with {profile.email ?? 'their current address'}.
            </DialogDescription>
          </DialogHeader>
          <form onSubmit={onSubmit} noValidate className="space-y-4">
            <FormField
              label="New e-mail address"
              type="email"
              autoComplete="off"
              error={form.formState.errors.email?.message}
              {...form.register('email')}
            />
            <DialogFooter>
              <Button type="button" variant="outline" onClick={close}>
                Back
              </Button>
              <Button type="submit" disabled={start.isPending}>
                {start.isPending ? 'Sending...' : 'Send code'}
              </Button>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>
    </Card>
  );
}
