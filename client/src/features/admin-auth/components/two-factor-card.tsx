import { zodResolver } from '@hookform/resolvers/zod';
import { Copy, Download, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import {
  DisableTwoFactorSchema,
  EnableTwoFactorSchema,
  RegenerateRecoveryCodesSchema,
  type DisableTwoFactor,
  type EnableTwoFactor,
  type RegenerateRecoveryCodes,
  type TwoFactorSetup,
} from '@shared/schemas/auth';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { QueryState } from '@/components/ui/query-state';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api-request';
import { copyToClipboard } from '@/lib/copy-to-clipboard';
import { formatDate } from '@/lib/dates';
import { showMutationError } from '@/lib/query-client';
import { useDisableTwoFactor } from '../api/disable-two-factor';
import { useEnableTwoFactor } from '../api/enable-two-factor';
import { useTwoFactorStatus } from '../api/get-two-factor-status';
import { useRegenerateRecoveryCodes } from '../api/regenerate-recovery-codes';
import { useStartTwoFactorSetup } from '../api/start-two-factor-setup';

/** The fields every two-factor change asks for: the password and a code. */
type Credentials = { password: string; code: string };

/**
 * A refused password or code (the server says one sentence for either) is the form's own
 * alert, read out at once, and the password field takes the focus to try again; anything else
 * (the server unreachable) is the query client's toast, as everywhere.
 */
function refusedBy(
  form: UseFormReturn<z.input<typeof DisableTwoFactorSchema>, unknown, Credentials>,
  title: string,
) {
  return (error: unknown) => {
    if (error instanceof ApiError && error.status < 500 && error.serverMessage) {
      form.setError('root.refused', { message: error.serverMessage });
      form.setFocus('password');
      return;
    }
    showMutationError(error, { error: { title, fallback: 'Please try again.' } });
  };
}

/** The password and code fields of a two-factor change, with the refusal above them. */
function CredentialFields({
  form,
  recoveryCodes,
  codeHint,
}: {
  form: UseFormReturn<z.input<typeof DisableTwoFactorSchema>, unknown, Credentials>;
  /** A recovery code is taken as well as the app's (letters too: no number pad on phones). */
  recoveryCodes: boolean;
  codeHint?: string;
}) {
  const { errors } = form.formState;
  const refused = errors.root?.refused?.message;
  return (
    <>
      {refused ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {refused}
        </p>
      ) : null}
      <FormField
        label="Password"
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...form.register('password')}
      />
      <FormField
        label={recoveryCodes ? 'Code from the app or a recovery code' : 'Code from the app'}
        inputMode={recoveryCodes ? undefined : 'numeric'}
        autoComplete="one-time-code"
        hint={codeHint}
        error={errors.code?.message}
        {...form.register('code')}
      />
    </>
  );
}

/** The toast after a change that signed the admin's other sessions out. */
const OTHER_SESSIONS_ENDED = 'You stay signed in here; your other sessions were logged out.';

/** A form's submit (showing its work while pending) and Cancel. */
function FormActions(props: {
  pending: boolean;
  label: string;
  pendingLabel: string;
  onCancel: () => void;
  destructive?: boolean;
}) {
  return (
    <div className="flex flex-wrap gap-2">
      <Button
        type="submit"
        variant={props.destructive ? 'destructive' : undefined}
        disabled={props.pending}
      >
        {props.pending ? props.pendingLabel : props.label}
      </Button>
      <Button type="button" variant="outline" onClick={props.onCancel}>
        Cancel
      </Button>
    </div>
  );
}

/** The secret in groups of four, easier to type into an app. */
export function groupSecret(secret: string): string {
  return secret.replace(/(.{4})(?!$)/g, '$1 ');
}

/** The codes shown once, with a copy and a download (a text file). */
export function RecoveryCodesPanel({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const text = `${codes.join('\n')}\n`;
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'admin-recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <div className="space-y-4">
      <p role="status" className="text-sm font-medium">
        Save these recovery codes somewhere safe. Each one signs you in once if you lose your phone.
        They will not be shown again.
      </p>
      <ul
        aria-label="Recovery codes"
        className="grid gap-2 rounded-md border bg-muted/40 p-3 font-mono text-sm sm:grid-cols-2"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          variant="outline"
          onClick={() => copyToClipboard(text, 'Recovery codes')}
        >
          <Copy className="h-4 w-4" aria-hidden="true" /> Copy codes
        </Button>
        <Button type="button" variant="outline" onClick={download}>
          <Download className="h-4 w-4" aria-hidden="true" /> Download codes
        </Button>
        <Button type="button" onClick={onDone}>
          I have saved them
        </Button>
      </div>
    </div>
  );
}

function EnableForm({
  setup,
  onEnabled,
  onCancel,
}: {
  setup: TwoFactorSetup;
  onEnabled: (codes: string[]) => void;
  onCancel: () => void;
}) {
  const enable = useEnableTwoFactor();
  const form = useForm<z.input<typeof EnableTwoFactorSchema>, unknown, EnableTwoFactor>({
    resolver: zodResolver(EnableTwoFactorSchema),
    defaultValues: { password: '', code: '' },
  });
  const onSubmit = form.handleSubmit((input) =>
    enable.mutate(input, {
      onSuccess: ({ recoveryCodes }) => {
        toast({ title: 'Two-factor authentication is on', description: OTHER_SESSIONS_ENDED });
        onEnabled(recoveryCodes);
      },
      onError: refusedBy(form, 'Two-factor authentication is still off'),
    }),
  );
  return (
    <div className="space-y-4">
      <ol className="list-decimal space-y-1 pl-5 text-sm text-muted-foreground">
        <li>Scan the QR code with an authenticator app (1Password, Google Authenticator...).</li>
        <li>Or type the key below into the app.</li>
        <li>Enter your password and the 6-digit code the app shows.</li>
      </ol>
      <img
        src={setup.qrCode}
        alt="QR code for your authenticator app"
        width={192}
        height={192}
        className="h-48 w-48 rounded-md border bg-white"
      />
      <div>
        <p className="text-sm font-medium">Key for manual entry</p>
        <div className="flex flex-wrap items-center gap-2">
          <code
            data-testid="totp-secret"
            className="break-all rounded bg-muted px-2 py-1 font-mono text-sm"
          >
            {groupSecret(setup.secret)}
          </code>
          <Button
            type="button"
            variant="ghost"
            size="sm"
            onClick={() => copyToClipboard(setup.secret, 'Key')}
          >
            <Copy className="h-4 w-4" aria-hidden="true" /> Copy key
          </Button>
        </div>
      </div>
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <CredentialFields form={form} recoveryCodes={false} />
        <FormActions
          pending={enable.isPending}
          label="Turn on"
          pendingLabel="Checking..."
          onCancel={onCancel}
        />
      </form>
    </div>
  );
}

function DisableForm({ onDone }: { onDone: () => void }) {
  const disable = useDisableTwoFactor();
  const form = useForm<z.input<typeof DisableTwoFactorSchema>, unknown, DisableTwoFactor>({
    resolver: zodResolver(DisableTwoFactorSchema),
    defaultValues: { password: '', code: '' },
  });
  const onSubmit = form.handleSubmit((input) =>
    disable.mutate(input, {
      onSuccess: () => {
        toast({ title: 'Two-factor authentication is off', description: OTHER_SESSIONS_ENDED });
        onDone();
      },
      onError: refusedBy(form, 'Two-factor authentication is still on'),
    }),
  );
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4 rounded-md border p-3">
      <CredentialFields form={form} recoveryCodes />
      <FormActions
        pending={disable.isPending}
        label="Turn off two-factor"
        pendingLabel="Turning off..."
        onCancel={onDone}
        destructive
      />
    </form>
  );
}

function RegenerateForm({
  onCodes,
  onCancel,
}: {
  onCodes: (codes: string[]) => void;
  onCancel: () => void;
}) {
  const regenerate = useRegenerateRecoveryCodes();
  const form = useForm<
    z.input<typeof RegenerateRecoveryCodesSchema>,
    unknown,
    RegenerateRecoveryCodes
  >({
    resolver: zodResolver(RegenerateRecoveryCodesSchema),
    defaultValues: { password: '', code: '' },
  });
  const onSubmit = form.handleSubmit((input) =>
    regenerate.mutate(input, {
      onSuccess: ({ recoveryCodes }) => {
        toast({ title: 'New recovery codes made', description: OTHER_SESSIONS_ENDED });
        onCodes(recoveryCodes);
      },
      onError: refusedBy(form, 'No new recovery codes'),
    }),
  );
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4 rounded-md border p-3">
      <CredentialFields
        form={form}
        recoveryCodes
        codeHint="The current recovery codes stop working."
      />
      <FormActions
        pending={regenerate.isPending}
        label="Make new codes"
        pendingLabel="Making codes..."
        onCancel={onCancel}
      />
    </form>
  );
}

type Step =
  | { name: 'idle' }
  | { name: 'setup'; setup: TwoFactorSetup }
  | { name: 'codes'; codes: string[] }
  | { name: 'disable' }
  | { name: 'regenerate' };

/**
 * Two-factor authentication, from set-up (QR code and key, then a first code) to the
 * recovery codes shown once, then off again (password and code) or new recovery codes.
 */
export function TwoFactorPanel({ onEnabled }: { onEnabled?: () => void }) {
  const status = useTwoFactorStatus();
  const start = useStartTwoFactorSetup();
  const [step, setStep] = useState<Step>({ name: 'idle' });
  const idle = () => setStep({ name: 'idle' });

  if (step.name === 'codes') {
    return (
      <RecoveryCodesPanel
        codes={step.codes}
        onDone={() => {
          idle();
          onEnabled?.();
        }}
      />
    );
  }
  if (step.name === 'setup') {
    return (
      <EnableForm
        setup={step.setup}
        onEnabled={(codes) => setStep({ name: 'codes', codes })}
        onCancel={idle}
      />
    );
  }
  if (!status.data) {
    return (
      <QueryState
        query={status}
        what="two-factor status"
        loading={<Skeleton className="h-24 w-full" />}
      />
    );
  }
  if (!status.data.enabled) {
    const begin = () =>
      start.mutate(undefined, { onSuccess: (setup) => setStep({ name: 'setup', setup }) });
    return (
      <div className="space-y-4">
        <p className="text-sm text-muted-foreground">
          Off. With it on, signing in asks for a code from an authenticator app on your phone after
          the password.
        </p>
        <Button type="button" onClick={begin} disabled={start.isPending}>
          <ShieldCheck className="h-4 w-4" aria-hidden="true" />
          {start.isPending ? 'Preparing...' : 'Set up two-factor authentication'}
        </Button>
      </div>
    );
  }
  const { enabledAt, recoveryCodesLeft } = status.data;
  return (
    <div className="space-y-4">
      <p className="text-sm">
        <span className="font-medium text-primary">On</span>
        {enabledAt ? ` since ${formatDate(enabledAt)}` : ''}. {recoveryCodesLeft} of 10 recovery
        codes left.
      </p>
      {step.name === 'disable' ? (
        <DisableForm onDone={idle} />
      ) : step.name === 'regenerate' ? (
        <RegenerateForm onCodes={(codes) => setStep({ name: 'codes', codes })} onCancel={idle} />
      ) : (
        <div className="flex flex-wrap gap-2">
          <Button type="button" variant="outline" onClick={() => setStep({ name: 'regenerate' })}>
            New recovery codes
          </Button>
          <Button type="button" variant="outline" onClick={() => setStep({ name: 'disable' })}>
            Turn off
          </Button>
        </div>
      )}
    </div>
  );
}

/** The "Two-factor authentication" card of /admin/settings. */
export function TwoFactorCard() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Two-factor authentication</CardTitle>
        <CardDescription>A code from your phone after the password.</CardDescription>
      </CardHeader>
      <CardContent>
        <TwoFactorPanel />
      </CardContent>
    </Card>
  );
}
