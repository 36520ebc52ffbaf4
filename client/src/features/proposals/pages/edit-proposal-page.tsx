import { Link, useLocation, useParams } from 'wouter';
import type { ProposalDetail, ProposalInput } from '@shared/schemas/proposals';
import { BackButton } from '@/components/ui/back-button';
import { Card, CardContent } from '@/components/ui/card';
import { QueryState } from '@/components/ui/query-state';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { paths } from '@/lib/paths';
import { useProposal } from '../api/get-proposal';
import { useUpdateProposal } from '../api/save-proposal';
import { proposalClientPicker } from '../components/proposal-client-picker';
import { ProposalForm, type ProposalFormValues } from '../components/proposal-form';
import { isEditable } from '../components/proposal-status-badge';

/** A saved proposal as the form holds it. */
function proposalFormValues(proposal: ProposalDetail): ProposalFormValues {
  return {
    recipient: {
      name: proposal.recipient.name,
      email: proposal.recipient.email,
      businessName: proposal.recipient.businessName ?? '',
    },
    clientId: proposal.clientId ?? undefined,
    lead: proposal.lead ?? undefined,
    consultationId: proposal.consultationId ?? undefined,
    title: proposal.title,
    planType: proposal.plan?.id ?? null,
    items: proposal.items.map(({ description, quantity, unitPrice, taxable }) => ({
      description,
      quantity,
      unitPrice,
      taxable: taxable !== false,
    })),
    taxRateIds: (proposal.totals.taxes ?? []).flatMap((tax) =>
      tax.taxRateId ? [tax.taxRateId] : [],
    ),
    depositPercent: proposal.depositPercent,
    validUntil: proposal.validUntil,
    terms: proposal.terms,
  };
}

function EditForm({ proposal }: { proposal: ProposalDetail }) {
  const update = useUpdateProposal();
  const [, navigate] = useLocation();

  if (!isEditable(proposal.status)) {
    return (
      <Card>
        <CardContent className="space-y-2 pt-6">
          <p>
            This proposal is {proposal.status}: a signed or declined proposal cannot be changed.
          </p>
          <Link className="text-primary hover:underline" href={paths.admin.proposal(proposal.id)}>
            Back to the proposal
          </Link>
        </CardContent>
      </Card>
    );
  }

  const submit = (input: ProposalInput) =>
    update.mutate(
      { id: proposal.id, input },
      {
        onSuccess: ({ proposal: saved }) => {
          toast({
            title: 'Proposal saved',
            description:
              saved.status === 'draft'
                ? `The draft for ${saved.recipient.name} is saved.`
                : `Saved as version ${saved.version}: ${saved.recipient.name}'s link shows it now.`,
          });
          navigate(paths.admin.proposal(saved.id));
        },
      },
    );

  return (
    <ProposalForm
      initial={proposalFormValues(proposal)}
      initialClient={
        proposal.clientId
          ? {
              id: proposal.clientId,
              name: proposal.recipient.name,
              email: proposal.recipient.email,
            }
          : null
      }
      origin={
        proposal.status !== 'draft' && (
          <p className="text-sm text-muted-foreground">
            It was sent already: saving makes version {proposal.version + 1}, and a signature binds
            the version the signer saw.
          </p>
        )
      }
      onSubmit={submit}
      submitting={update.isPending}
      submitLabel="Save changes"
      pendingLabel="Saving..."
      clientPicker={proposalClientPicker}
    />
  );
}

/** /admin/proposals/{id}/edit: the proposal edited in full, until it is signed. */
export function EditProposalPage() {
  const { id } = useParams<{ id: string }>();
  const proposal = useProposal(id);
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <BackButton href={paths.admin.proposal(id)}>Back to the proposal</BackButton>
      <h1 className="font-display text-3xl font-bold">Edit proposal</h1>
      {proposal.data ? (
        <EditForm proposal={proposal.data} />
      ) : (
        <QueryState
          query={proposal}
          what="proposal"
          loading={<Skeleton className="h-64 w-full" />}
        />
      )}
    </div>
  );
}
