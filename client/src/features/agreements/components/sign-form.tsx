import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { PenLine } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import type { z } from '@shared/zod';
import {
  PROPOSAL_MESSAGES,
  SignProposalSchema,
  type SignProposal,
} from '@shared/schemas/proposals';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { ApiError, errorMessage } from '@/lib/api-request';
import { proposalQueryOptions } from '../api/get-proposal';
import { useSignProposal } from '../api/sign-proposal';
import { SignaturePad } from './signature-pad';

type Mark = 'draw' | 'type';

/** What the form holds; the version and the chosen mark are added when it is checked. */
interface SignFormValues {
  signerName: string;
  signature: { drawn?: string; typed?: string };
  consent: boolean;
}

const schemaResolver = zodResolver(SignProposalSchema);

/** The body the sign route takes, from the form: only the mark of the tab in use is sent. */
function payloadOf(values: SignFormValues, version: number, consentHash: string, mark: Mark) {
  return {
    version,
    signerName: values.signerName,
    signature:
      mark === 'draw' ? { drawn: values.signature.drawn } : { typed: values.signature.typed },
    consent: values.consent,
    consentHash,
  };
}

/**
 * The signer's form under the document: their full name, their signature drawn on the pad or
 * typed (the keyboard's and screen reader's way), consent to sign electronically in the
 * Settings' words, and Sign. Checked with the sign route's own schema and messages. When
 * the proposal changed since it was opened, `onChanged` shows it again: the name stays, the
 * signature is cleared, as it was for the other text.
 */
export function SignForm({
  token,
  version,
  consent,
  onChanged,
}: {
  token: string;
  version: number;
  /** The consent wording shown, and its hash: the signature binds that wording. */
  consent: { text: string; hash: string };
  onChanged: () => void;
}) {
  const queryClient = useQueryClient();
  const sign = useSignProposal(token);
  const [mark, setMark] = useState<Mark>('draw');
  // The pad is drawn afresh (empty) when the signature must be given again.
  const [padKey, setPadKey] = useState(0);
  const [failure, setFailure] = useState<string | null>(null);
  const context = useRef({ version, consentHash: consent.hash, mark });
  context.current = { version, consentHash: consent.hash, mark };
  const ids = { signature: useId(), consent: useId(), failure: useId() };

  const resolver: Resolver<SignFormValues, unknown, SignProposal> = (values, ctx, options) =>
    // The schema judges the body as sent; consent is a checkbox's boolean until then.
    schemaResolver(
      payloadOf(
        values,
        context.current.version,
        context.current.consentHash,
        context.current.mark,
      ) as z.input<typeof SignProposalSchema>,
      ctx,
      options as never,
    ) as never;

  const form = useForm<SignFormValues, unknown, SignProposal>({
    resolver,
    defaultValues: { signerName: '', signature: {}, consent: false },
  });
  const { errors } = form.formState;
  const signatureError = errors.signature?.message ?? errors.signature?.typed?.message;

  const onSubmit = (body: SignProposal) => {
    setFailure(null);
    sign.mutate(body, {
      onError: (error) => {
        const refresh = () =>
          queryClient.invalidateQueries({ queryKey: proposalQueryOptions(token).queryKey });
        if (error instanceof ApiError && error.status === 409) {
          if (error.serverMessage === PROPOSAL_MESSAGES.changed) {
            form.setValue('signature.drawn', undefined);
            form.setValue('signature.typed', '');
            setPadKey((key) => key + 1);
            onChanged();
          }
          // Signed or declined meanwhile (another tab, the other party): the page says which.
          void refresh();
          return;
        }
        if (error instanceof ApiError && error.status === 410) {
          void refresh();
          return;
        }
        setFailure(errorMessage(error, 'Your signature could not be sent. Please try again.'));
      },
    });
  };

  return (
    <form
      noValidate
      aria-labelledby="sign-title"
      className="space-y-5 print:hidden"
      onSubmit={form.handleSubmit(onSubmit)}
    >
      <h2 id="sign-title" className="text-lg font-semibold">
        Sign this proposal
      </h2>
      <FormField
        label="Your full name"
        autoComplete="name"
        error={errors.signerName?.message}
        {...form.register('signerName')}
      />
      <fieldset className="space-y-2" aria-describedby={signatureError ? ids.signature : undefined}>
        <legend className="text-sm font-medium leading-none">Your signature</legend>
        <Tabs value={mark} onValueChange={(value) => setMark(value === 'type' ? 'type' : 'draw')}>
          <TabsList aria-label="How to sign">
            <TabsTrigger value="draw">Draw it</TabsTrigger>
            <TabsTrigger value="type">Type it instead</TabsTrigger>
          </TabsList>
          {/* Both stay mounted, so a drawing survives a look at the other tab. */}
          <TabsContent value="draw" forceMount className="mt-2 data-[state=inactive]:hidden">
            <SignaturePad
              key={padKey}
              invalid={Boolean(signatureError) && mark === 'draw'}
              describedBy={signatureError ? ids.signature : undefined}
              onChange={(drawn) =>
                form.setValue('signature.drawn', drawn, {
                  shouldValidate: form.formState.isSubmitted,
                })
              }
            />
          </TabsContent>
          <TabsContent value="type" forceMount className="mt-2 data-[state=inactive]:hidden">
            <FormField
              label="Type your signature"
              hint="Your name as you sign it, to stand for your handwritten signature."
              autoComplete="off"
              className="font-[cursive] text-lg"
              {...form.register('signature.typed')}
            />
          </TabsContent>
        </Tabs>
        {signatureError && (
          <p id={ids.signature} role="alert" className="text-sm text-destructive">
            {signatureError}
          </p>
        )}
      </fieldset>
      <div className="space-y-2">
        <div className="flex items-start gap-3 rounded-md border p-3">
          <input
            id={ids.consent}
            type="checkbox"
            className="mt-1 h-4 w-4 shrink-0 accent-primary"
            aria-invalid={Boolean(errors.consent)}
            aria-describedby={errors.consent ? `${ids.consent}-error` : undefined}
            {...form.register('consent')}
          />
          <label htmlFor={ids.consent} className="whitespace-pre-wrap break-words text-sm">
            {consent.text}
          </label>
        </div>
        {errors.consent && (
          <p id={`${ids.consent}-error`} role="alert" className="text-sm text-destructive">
            {errors.consent.message}
          </p>
        )}
      </div>
      {failure && (
        <p id={ids.failure} role="alert" className="text-sm text-destructive">
          {failure}
        </p>
      )}
      <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={sign.isPending}>
        <PenLine className="h-4 w-4" aria-hidden="true" />
        {sign.isPending ? 'Signing…' : 'Sign'}
      </Button>
    </form>
  );
}
