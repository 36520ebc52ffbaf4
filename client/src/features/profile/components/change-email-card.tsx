import { zodResolver } from '@hookform/resolvers/zod';
import { Mail } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  EmailChangeCodeSchema,
  EmailChangeRequestSchema,
  type EmailChangeCode,
  type EmailChangeRequest,
  type PendingEmailChange,
} from '@shared/schemas/profile';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-request';
import { formatDateTime } from '@/lib/dates';
import {
  useCancelEmailChange,
  useConfirmEmailChange,
  useEmailChangeStatus,
  useResendEmailChangeCode,
  useStartEmailChange,
} from '../api/email-change';

/** The card's id: the Account Information card links here while a change waits. */
export const EMAIL_CARD_ID = 'sign-in-email';

/**
 * The steps' mutations live in the card, which stays on screen: each form goes once its step
 * succeeds (the status moves on), and a mutation's own callbacks run only while it is there.
 */
interface Steps {
  start: ReturnType<typeof useStartEmailChange>;
  confirm: ReturnType<typeof useConfirmEmailChange>;
  resend: ReturnType<typeof useResendEmailChangeCode>;
  cancel: ReturnType<typeof useCancelEmailChange>;
}

/** The new address: a code is mailed to it. */
function NewAddressForm({ start, onDone }: { start: Steps['start']; onDone: () => void }) {
  const form = useForm<z.input<typeof EmailChangeRequestSchema>, unknown, EmailChangeRequest>({
    resolver: zodResolver(EmailChangeRequestSchema),
    defaultValues: { email: '' },
  });
  const onSubmit = form.handleSubmit((body) =>
    start.mutate(body, {
      onSuccess: ({ message }) => {
        toast({ title: 'Code Sent', description: message });
        onDone();
      },
      onError: (error) =>
        form.setError(
          'email',
          { message: errorMessage(error, 'We could not send a code. Please try again.') },
          { shouldFocus: true },
        ),
    }),
  );
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Change e-mail">
      <FormField
        label="New e-mail address"
        type="email"
        autoComplete="email"
        autoFocus
        error={form.formState.errors.email?.message}
        {...form.register('email')}
      />
      <div className="flex flex-wrap justify-end gap-3">
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={start.isPending}>
          {start.isPending ? 'Sending...' : 'Send code'}
        </Button>
      </div>
    </form>
  );
}

/** The code mailed to the new address, a new one on request, or the change dropped. */
function CodeForm({
  pending,
  steps: { confirm, resend, cancel },
}: {
  pending: PendingEmailChange;
  steps: Steps;
}) {
  const form = useForm<z.input<typeof EmailChangeCodeSchema>, unknown, EmailChangeCode>({
    resolver: zodResolver(EmailChangeCodeSchema),
    defaultValues: { code: '' },
  });
  const showOnCode = (fallback: string) => (error: unknown) =>
    form.setError('code', { message: errorMessage(error, fallback) }, { shouldFocus: true });

  const onSubmit = form.handleSubmit((body) =>
    confirm.mutate(body, {
      onSuccess: ({ message }) => toast({ title: 'E-mail Changed', description: message }),
      onError: showOnCode('The code could not be checked. Please try again.'),
    }),
  );
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Confirm new e-mail">
      <p className="text-sm">
        Enter the 6-digit code we sent to{' '}
        <span className="break-all font-medium">{pending.email}</span>. It works until{' '}
        {formatDateTime(pending.expiresAt)}. Your e-mail stays as it is until then.
      </p>
      <FormField
        label="Code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={12}
        error={form.formState.errors.code?.message}
        {...form.register('code')}
      />
      <div className="flex flex-wrap justify-end gap-3">
        <Button
          type="button"
          variant="ghost"
          disabled={cancel.isPending}
          onClick={() =>
            cancel.mutate(undefined, {
              onSuccess: ({ message }) =>
                toast({ title: 'E-mail Change Cancelled', description: message }),
              onError: showOnCode('The change could not be cancelled. Please try again.'),
            })
          }
        >
          Cancel the change
        </Button>
        <Button
          type="button"
          variant="outline"
          disabled={resend.isPending}
          onClick={() =>
            resend.mutate(undefined, {
              onSuccess: ({ message }) => {
                form.clearErrors();
                toast({ title: 'Code Sent', description: message });
              },
              onError: showOnCode('We could not send a new code. Please try again.'),
            })
          }
        >
          Send a new code
        </Button>
        <Button type="submit" disabled={confirm.isPending}>
          {confirm.isPending ? 'Checking...' : 'Confirm'}
        </Button>
      </div>
    </form>
  );
}

/**
 * Sign-in e-mail, for a client of the built-in sign-in provider (nothing is shown when another
 * service holds their address): a new address proves itself with a code mailed to it, and
 * becomes the one they sign in with only then. A change the agency started waits here too.
 */
export function ChangeEmailCard({ email }: { email: string | null }) {
  const status = useEmailChangeStatus();
  const [editing, setEditing] = useState(false);
  const steps: Steps = {
    start: useStartEmailChange(),
    confirm: useConfirmEmailChange(),
    resend: useResendEmailChangeCode(),
    cancel: useCancelEmailChange(),
  };
  if (!status.data?.canChange) return null;
  const { pending } = status.data;

  return (
    <Card id={EMAIL_CARD_ID} tabIndex={-1} className="scroll-mt-4">
      <div className="flex flex-wrap items-center justify-between gap-4 p-6">
        <CardTitle>Sign-in e-mail</CardTitle>
        {!pending && !editing && (
          <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
            <Mail className="h-4 w-4" aria-hidden="true" /> Change e-mail
          </Button>
        )}
      </div>
      <CardContent className="space-y-4">
        <p className="break-all text-sm text-muted-foreground">
          You sign in with <span className="font-medium text-foreground">{email}</span>.
        </p>
        {pending ? (
          <CodeForm pending={pending} steps={steps} />
        ) : (
          editing && <NewAddressForm start={steps.start} onDone={() => setEditing(false)} />
        )}
      </CardContent>
    </Card>
  );
}
