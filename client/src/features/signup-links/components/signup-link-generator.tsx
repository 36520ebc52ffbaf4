import { zodResolver } from '@hookform/resolvers/zod';
import { Copy, Link2, Mail, Send } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { PlanOptions, usePlans } from '@/features/plans/public';
import { deliveryTitle } from '@shared/schemas/mail';
import {
  GenerateSignupLinkSchema,
  type GeneratedSignupLink,
  type GenerateSignupLink,
} from '@shared/schemas/signup-links';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FormField, SelectField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { copyToClipboard } from '@/lib/copy-to-clipboard';
import { formatDateTime } from '@/lib/dates';
import { useGenerateSignupLink } from '../api/generate-signup-link';
import { useSendSignupLink } from '../api/send-signup-link';

/** A read-only text with its label and a Copy button; `rows` makes it a text area. */
function CopyableField({ label, value, rows }: { label: string; value: string; rows?: number }) {
  const id = useId();
  return (
    <div className="space-y-2">
      <div className="flex items-center justify-between">
        <Label htmlFor={id}>{label}</Label>
        <Button
          type="button"
          variant="ghost"
          size="sm"
          onClick={() => void copyToClipboard(value, label)}
        >
          <Copy className="h-4 w-4" aria-hidden="true" /> Copy
          <span className="sr-only"> {label.toLowerCase()}</span>
        </Button>
      </div>
      {rows ? (
        <Textarea id={id} readOnly rows={rows} value={value} />
      ) : (
        <Input id={id} readOnly value={value} />
      )}
    </div>
  );
}

/** The ready e-mail for the invitee: subject and body to copy, or sent from here. */
function EmailTemplateDialog({
  generated,
  open,
  onOpenChange,
}: {
  generated: GeneratedSignupLink;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const send = useSendSignupLink();
  const { subject, body } = generated.invitation;

  const sendNow = () =>
    send.mutate(
      { id: generated.link.id, signupUrl: generated.signupUrl },
      {
        onSuccess: (result) => {
          toast({
            title: deliveryTitle(result.delivery, 'Invitation Sent'),
            description: result.message,
          });
          onOpenChange(false);
        },
      },
    );

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Email Template</DialogTitle>
          <DialogDescription>
            For {generated.link.email}. Copy it into your own e-mail, or send it from here.
          </DialogDescription>
        </DialogHeader>
        <div className="space-y-4">
          <CopyableField label="Subject" value={subject} />
          <CopyableField label="Message" value={body} rows={12} />
          <div className="flex justify-end">
            <Button type="button" disabled={send.isPending} onClick={sendNow}>
              <Send className="h-4 w-4" aria-hidden="true" />
              {send.isPending ? 'Sending...' : 'Send'}
            </Button>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}

/**
 * /admin/clients/invite: a signup link for a new client's e-mail and plan. `invitee`: the
 * person to invite (from a consultation request), filled in.
 */
export function SignupLinkGenerator({
  autoFocus = false,
  invitee,
}: {
  autoFocus?: boolean;
  invitee?: { name?: string; email?: string };
}) {
  // The offered plans: a link invites to one of them.
  const plans = usePlans();
  const generate = useGenerateSignupLink();
  const [generated, setGenerated] = useState<GeneratedSignupLink | null>(null);
  const [templateOpen, setTemplateOpen] = useState(false);
  const form = useForm<z.input<typeof GenerateSignupLinkSchema>, unknown, GenerateSignupLink>({
    resolver: zodResolver(GenerateSignupLinkSchema),
    defaultValues: { email: invitee?.email ?? '', planType: undefined },
  });
  const { errors } = form.formState;

  useEffect(() => {
    if (autoFocus) form.setFocus('email');
  }, [autoFocus, form]);

  const onSubmit = form.handleSubmit((values) =>
    generate.mutate(values, {
      onSuccess: (link) => {
        setGenerated(link);
        toast({
          title: 'Link Generated',
          description: `A signup link for ${values.email} is ready.`,
        });
      },
    }),
  );

  return (
    <Card id="generate-link">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Link2 className="h-5 w-5 text-primary" aria-hidden="true" /> Generate Signup Link
        </CardTitle>
        <CardDescription>
          A personal link for a new client to create their account with the plan you chose. It works
          once, for the days set in Settings (7 unless you changed it), and says until when.
        </CardDescription>
        {invitee?.name && (
          <p className="break-words text-sm font-medium">
            Inviting {invitee.name}
            {invitee.email && ` (${invitee.email})`}
          </p>
        )}
      </CardHeader>
      <CardContent className="space-y-6">
        <form onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-[1fr_1fr_auto]">
          <FormField
            label="Client Email"
            type="email"
            autoComplete="off"
            error={errors.email?.message}
            {...form.register('email')}
          />
          <SelectField label="Plan" error={errors.planType?.message} {...form.register('planType')}>
            <option value="">Choose a plan</option>
            <PlanOptions plans={plans.data?.items ?? []} />
          </SelectField>
          <div className="sm:pt-8">
            <Button type="submit" disabled={generate.isPending} className="w-full">
              {generate.isPending ? 'Generating...' : 'Generate Link'}
            </Button>
          </div>
        </form>

        {generated && (
          <div className="space-y-3 rounded-md border bg-muted/40 p-4">
            <Label htmlFor="generated-link" className="block break-words leading-normal">
              Signup link for {generated.link.email}
            </Label>
            <div className="flex gap-2">
              <Input
                id="generated-link"
                readOnly
                value={generated.signupUrl}
                onFocus={(event) => event.currentTarget.select()}
              />
              <Button
                type="button"
                variant="outline"
                onClick={() => void copyToClipboard(generated.signupUrl, 'Signup link')}
              >
                <Copy className="h-4 w-4" aria-hidden="true" /> Copy
              </Button>
            </div>
            <p className="text-xs text-muted-foreground">
              Expires {formatDateTime(generated.link.expiresAt)}. It is shown only now: copy it or
              send it before leaving this page.
            </p>
            <Button type="button" variant="secondary" onClick={() => setTemplateOpen(true)}>
              <Mail className="h-4 w-4" aria-hidden="true" /> Email Template
            </Button>
            <EmailTemplateDialog
              generated={generated}
              open={templateOpen}
              onOpenChange={setTemplateOpen}
            />
          </div>
        )}
      </CardContent>
    </Card>
  );
}
