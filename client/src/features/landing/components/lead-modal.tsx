import { zodResolver } from '@hookform/resolvers/zod';
import type { RefObject } from 'react';
import { useForm } from 'react-hook-form';
import { LeadFormSchema, type LeadForm } from '@shared/schemas/consultations';
import { QueryProvider } from '@/lib/query-provider';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FormField, TextareaField } from '@/components/ui/form-field';
import { toast } from '@/components/ui/use-toast';
import { useCreateConsultation } from '../api/create-consultation';
import { useSiteSnapshot } from '../site-snapshot';

const EMPTY: LeadForm = { name: '', email: '', business: '', phone: '', details: '', website: '' };

interface LeadModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The control that opened the modal: focus goes back to it on close. */
  opener: RefObject<HTMLElement | null>;
  businessEmail: string;
  /** The plan whose pricing button opened the form: sent with the request. */
  planId?: string;
}

/** 'Schedule Your Free Consultation' (loaded on first use by LeadModalHost). */
export function LeadModal(props: LeadModalProps) {
  return (
    <QueryProvider>
      <LeadModalForm {...props} />
    </QueryProvider>
  );
}

function LeadModalForm({ open, onOpenChange, opener, businessEmail, planId }: LeadModalProps) {
  const { plans } = useSiteSnapshot();
  const plan = planId ? plans.find((candidate) => candidate.id === planId) : undefined;
  const createConsultation = useCreateConsultation(businessEmail);
  const form = useForm<LeadForm>({ resolver: zodResolver(LeadFormSchema), defaultValues: EMPTY });
  const { errors } = form.formState;

  // On failure everything typed stays in the form; the visitor can retry or write to us.
  const onSubmit = form.handleSubmit((values) =>
    createConsultation.mutate(
      { ...values, ...(plan ? { planId: plan.id } : {}) },
      {
        onSuccess: () => {
          toast({
            title: 'Thank you for your interest!',
            description: "We'll be in touch soon to schedule your free consultation.",
          });
          form.reset(EMPTY);
          onOpenChange(false);
        },
      },
    ),
  );

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        onCloseAutoFocus={(event) => {
          if (opener.current?.isConnected) {
            event.preventDefault();
            opener.current.focus();
          }
        }}
      >
        <DialogHeader>
          <DialogTitle>Schedule Your Free Consultation</DialogTitle>
          <DialogDescription>
            Let&apos;s discuss how we can help grow your business online.
          </DialogDescription>
          {plan && <p className="text-sm font-medium">About the {plan.name} plan</p>}
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          <FormField
            label="Name *"
            autoComplete="name"
            error={errors.name?.message}
            {...form.register('name')}
          />
          <FormField
            label="Email *"
            type="email"
            autoComplete="email"
            error={errors.email?.message}
            {...form.register('email')}
          />
          <FormField
            label="Business Name"
            autoComplete="organization"
            error={errors.business?.message}
            {...form.register('business')}
          />
          <FormField
            label="Phone"
            type="tel"
            autoComplete="tel"
            error={errors.phone?.message}
            {...form.register('phone')}
          />
          <TextareaField label="Project Details" rows={3} {...form.register('details')} />
          {/* Honeypot: invisible to people and screen readers; bots fill it in. */}
          <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
            <label htmlFor="lead-website">Website</label>
            <input
              id="lead-website"
              type="text"
              tabIndex={-1}
              autoComplete="off"
              {...form.register('website')}
            />
          </div>
          <div className="flex justify-end gap-2 pt-2">
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={createConsultation.isPending}>
              {createConsultation.isPending ? 'Sending...' : 'Schedule Call'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
