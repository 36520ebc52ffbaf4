import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useLocation, useSearch } from 'wouter';
import type { ProposalInput } from '@shared/schemas/proposals';
import { BackButton } from '@/components/ui/back-button';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-request';
import { paths } from '@/lib/paths';
import { clientQueryOptions } from '@/features/clients/public';
import { useConsultationToPropose, useLeadToPropose } from '../api/get-prefill';
import { useProposalSettings } from '../api/proposal-settings';
import { useCreateProposal } from '../api/save-proposal';
import { proposalClientPicker } from '../components/proposal-client-picker';
import {
  newProposalValues,
  ProposalForm,
  type ProposalClient,
  type ProposalFormValues,
} from '../components/proposal-form';

/** What the address says the proposal is for, before anything is typed. */
interface Prefill {
  loading: boolean;
  values: Partial<ProposalFormValues>;
  client: ProposalClient | null;
  /** Where the details came from, or why they could not be copied. */
  origin: ReactNode;
}

const NONE: Prefill = { loading: false, values: {}, client: null, origin: null };

function Origin({ children, failed = false }: { children: ReactNode; failed?: boolean }) {
  return (
    <p
      role={failed ? 'alert' : undefined}
      className={failed ? 'text-sm text-destructive' : 'text-sm text-muted-foreground'}
    >
      {children}
    </p>
  );
}

/** `?client=`: the client account, chosen already. */
function useClientPrefill(id: string | null): Prefill {
  const client = useQuery({ ...clientQueryOptions(id ?? ''), enabled: Boolean(id) });
  if (!id) return NONE;
  if (client.isLoading) return { ...NONE, loading: true };
  if (!client.data) {
    return {
      ...NONE,
      origin: (
        <Origin failed>{errorMessage(client.error, 'The client could not be loaded.')}</Origin>
      ),
    };
  }
  const { profile } = client.data;
  return {
    ...NONE,
    values: { clientId: profile.id },
    client: { id: profile.id, name: profile.name, email: profile.email },
  };
}

/** `?consultation=`: the request's contact and the plan its pricing button named. */
function useConsultationPrefill(id: string | null): Prefill {
  const request = useConsultationToPropose(id ?? undefined);
  if (!id) return NONE;
  if (request.isLoading) return { ...NONE, loading: true };
  if (!request.data) {
    return {
      ...NONE,
      origin: (
        <Origin failed>
          {errorMessage(request.error, 'The consultation request could not be loaded.')}
        </Origin>
      ),
    };
  }
  const found = request.data;
  return {
    loading: false,
    values: {
      consultationId: found.id,
      recipient: { name: found.name, email: found.email, businessName: found.businessName ?? '' },
      planType: found.planId,
      ...(found.clientId ? { clientId: found.clientId } : {}),
    },
    // Someone who has an account since: the proposal is theirs, and attaches at once.
    client: found.clientId ? { id: found.clientId, name: found.name, email: found.email } : null,
    origin: <Origin>Written for the consultation request of {found.name}.</Origin>,
  };
}

/** `?search=&lead=`: the marketing tool's lead (a business): its name and e-mail. */
function useLeadPrefill(searchId: string | null, leadId: string | null): Prefill {
  const lead = useLeadToPropose(searchId ?? undefined, leadId ?? undefined);
  if (!searchId || !leadId) return NONE;
  if (lead.isLoading) return { ...NONE, loading: true };
  if (!lead.data) {
    return {
      ...NONE,
      origin: <Origin failed>{errorMessage(lead.error, 'The lead could not be loaded.')}</Origin>,
    };
  }
  const found = lead.data;
  return {
    ...NONE,
    values: {
      lead: { searchId, leadId },
      recipient: { name: found.name, email: found.email ?? '', businessName: found.name },
    },
    origin: (
      <Origin>
        Written for the lead {found.name} of the marketing tool
        {found.email ? '.' : ': it has no e-mail address, type the one to send it to.'}
      </Origin>
    ),
  };
}

/** /admin/proposals/new?client=|consultation=|search=&lead=: a new draft. */
export function NewProposalPage() {
  const query = new URLSearchParams(useSearch());
  const fromClient = useClientPrefill(query.get('client'));
  const fromRequest = useConsultationPrefill(query.get('consultation'));
  const fromLead = useLeadPrefill(query.get('search'), query.get('lead'));
  const settings = useProposalSettings();
  const create = useCreateProposal();
  const [, navigate] = useLocation();

  const prefills = [fromClient, fromRequest, fromLead];
  const loading = settings.isLoading || prefills.some((prefill) => prefill.loading);

  const submit = (input: ProposalInput) =>
    create.mutate(input, {
      onSuccess: ({ proposal }) => {
        toast({
          title: 'Proposal saved',
          description: `The draft for ${proposal.recipient.name} is saved. Send it when it is ready.`,
        });
        navigate(paths.admin.proposal(proposal.id));
      },
    });

  const prefill = prefills.reduce(
    (all, one) => ({
      loading: false,
      values: { ...all.values, ...one.values },
      client: one.client ?? all.client,
      origin: all.origin ?? one.origin,
    }),
    NONE,
  );

  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <BackButton href={paths.admin.proposals()}>Back to Proposals</BackButton>
      <h1 className="font-display text-3xl font-bold">New proposal</h1>
      {loading ? (
        <div role="status" aria-label="Loading the proposal form">
          <Skeleton className="h-96 w-full" />
        </div>
      ) : (
        <ProposalForm
          initial={newProposalValues({ terms: settings.data?.terms ?? '', ...prefill.values })}
          initialClient={prefill.client}
          origin={prefill.origin}
          onSubmit={submit}
          submitting={create.isPending}
          submitLabel="Save draft"
          pendingLabel="Saving..."
          clientPicker={proposalClientPicker}
        />
      )}
    </div>
  );
}
