import { Ban, Download, FileText, Pencil, Send, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation, useParams } from 'wouter';
import type { ProposalDetail } from '@shared/schemas/proposals';
import { BackButton } from '@/components/ui/back-button';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Detail } from '@/components/ui/detail';
import { QueryState } from '@/components/ui/query-state';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { formatDate, formatDateTime } from '@/lib/dates';
import { paths } from '@/lib/paths';
import { proposalPdfUrl, useProposal } from '../api/get-proposal';
import { useDeleteProposal, useRevokeProposalLink, useSendProposal } from '../api/save-proposal';
import { ProposalDocument } from '../components/proposal-document';
import { isEditable, ProposalStatusBadge } from '../components/proposal-status-badge';
import { ProposalTimeline } from '../components/proposal-timeline';

/** A link to one of the invoices the proposal issued. */
function InvoiceLink({ id, children }: { id: string; children: string }) {
  return (
    <Link
      href={paths.admin.invoice(id)}
      className="inline-flex items-center gap-1 text-primary hover:underline"
    >
      <FileText className="h-4 w-4" aria-hidden="true" /> {children}
    </Link>
  );
}

/** Whether the last link sent was revoked since (sending again makes a new one). */
function linkRevoked(proposal: ProposalDetail): boolean {
  const last = proposal.events.findLast(
    (event) => event.kind === 'sent' || event.kind === 'revoked',
  );
  return last?.kind === 'revoked';
}

/** A sent proposal the recipient can still open: its link can be revoked. */
const hasLiveLink = (proposal: ProposalDetail) =>
  (proposal.status === 'sent' || proposal.status === 'viewed') && !linkRevoked(proposal);

/** Draft, unsigned or expired: (re)sending e-mails the recipient a link. */
const sendable = (proposal: ProposalDetail) =>
  proposal.status === 'draft' ||
  proposal.status === 'sent' ||
  proposal.status === 'viewed' ||
  proposal.status === 'expired';

function Actions({ proposal }: { proposal: ProposalDetail }) {
  const send = useSendProposal();
  const revoke = useRevokeProposalLink();
  const remove = useDeleteProposal();
  const [, navigate] = useLocation();
  const [asking, setAsking] = useState<'send' | 'revoke' | 'delete' | null>(null);
  const close = (open: boolean) => !open && setAsking(null);
  const busy = send.isPending || revoke.isPending || remove.isPending;
  const again = proposal.sentAt !== null;
  const { recipient } = proposal;

  const sendIt = () =>
    send.mutate(proposal.id, {
      onSuccess: () => {
        setAsking(null);
        toast({
          title: again ? 'Proposal sent again' : 'Proposal sent',
          description: `${recipient.name} was e-mailed a link to it at ${recipient.email}.`,
        });
      },
    });
  const revokeIt = () =>
    revoke.mutate(proposal.id, {
      onSuccess: () => {
        setAsking(null);
        toast({
          title: 'Link revoked',
          description: 'The link sent no longer opens the proposal. Send it again for a new one.',
        });
      },
    });
  const deleteIt = () =>
    remove.mutate(proposal.id, {
      onSuccess: () => {
        setAsking(null);
        toast({
          title: 'Proposal deleted',
          description: `The draft for ${recipient.name} has been deleted.`,
        });
        navigate(paths.admin.proposals());
      },
    });

  return (
    <div className="flex flex-wrap gap-2">
      {sendable(proposal) && (
        <Button disabled={busy} onClick={() => setAsking('send')}>
          <Send className="h-4 w-4" aria-hidden="true" /> {again ? 'Send again' : 'Send'}
        </Button>
      )}
      {isEditable(proposal.status) && (
        <Button asChild variant="outline">
          <Link href={paths.admin.editProposal(proposal.id)}>
            <Pencil className="h-4 w-4" aria-hidden="true" /> Edit
          </Link>
        </Button>
      )}
      {proposal.hasAgreement && (
        <Button asChild variant="outline">
          <a href={proposalPdfUrl(proposal.id)} download={`${proposal.title} - agreement.pdf`}>
            <Download className="h-4 w-4" aria-hidden="true" /> Download agreement PDF
          </a>
        </Button>
      )}
      {hasLiveLink(proposal) && (
        <Button variant="outline" disabled={busy} onClick={() => setAsking('revoke')}>
          <Ban className="h-4 w-4" aria-hidden="true" /> Revoke link
        </Button>
      )}
      {proposal.status === 'draft' && (
        <Button variant="destructive" disabled={busy} onClick={() => setAsking('delete')}>
          <Trash2 className="h-4 w-4" aria-hidden="true" /> Delete draft
        </Button>
      )}

      <ConfirmDialog
        open={asking === 'send'}
        onOpenChange={close}
        title={again ? 'Send the proposal again?' : 'Send the proposal?'}
        description={
          <>
            {recipient.name} gets an e-mail at{' '}
            <strong className="break-all">{recipient.email}</strong> with a link to read and sign it
            {again && !linkRevoked(proposal) ? ' (the same link as before)' : ''}.
          </>
        }
        confirmLabel={again ? 'Send again' : 'Send'}
        pendingLabel="Sending..."
        pending={send.isPending}
        onConfirm={sendIt}
        confirmVariant="default"
      />
      <ConfirmDialog
        open={asking === 'revoke'}
        onOpenChange={close}
        title="Revoke the link?"
        description={`The link sent to ${recipient.email} stops opening the proposal. Sending it again makes a new link.`}
        confirmLabel="Revoke link"
        pendingLabel="Revoking..."
        pending={revoke.isPending}
        onConfirm={revokeIt}
      />
      <ConfirmDialog
        open={asking === 'delete'}
        onOpenChange={close}
        title="Delete this draft?"
        description="The draft is removed for good. This cannot be undone."
        confirmLabel="Delete draft"
        pendingLabel="Deleting..."
        pending={remove.isPending}
        onConfirm={deleteIt}
      />
    </div>
  );
}

function Loaded({ proposal }: { proposal: ProposalDetail }) {
  const { recipient } = proposal;
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <BackButton href={paths.admin.proposals()}>Back to Proposals</BackButton>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0 space-y-1">
          <h1 className="flex flex-wrap items-center gap-3 font-display text-3xl font-bold">
            <span className="break-words">{proposal.title}</span>
            <ProposalStatusBadge status={proposal.status} />
          </h1>
          <p className="text-muted-foreground">
            {recipient.name}
            {recipient.businessName && ` · ${recipient.businessName}`} · version {proposal.version}
          </p>
        </div>
        <Actions proposal={proposal} />
      </div>

      <Card>
        <CardContent className="pt-6">
          <dl className="grid gap-4 sm:grid-cols-3">
            <Detail label="For">
              {proposal.clientId ? (
                <Link href={paths.admin.client(proposal.clientId)} className="hover:underline">
                  {recipient.name}
                </Link>
              ) : (
                recipient.name
              )}
              <span className="block break-all text-sm font-normal text-muted-foreground">
                {recipient.email}
              </span>
            </Detail>
            <Detail label="Valid until">{formatDate(proposal.validUntil)}</Detail>
            <Detail label="Sent">
              {proposal.sentAt ? formatDateTime(proposal.sentAt) : 'Not yet'}
            </Detail>
            <Detail label="Opened">
              {proposal.viewedAt ? formatDateTime(proposal.viewedAt) : 'Not yet'}
            </Detail>
            {proposal.signedAt && (
              <Detail label="Signed">
                {formatDateTime(proposal.signedAt)}
                {proposal.signerName && (
                  <span className="block text-sm font-normal text-muted-foreground">
                    by {proposal.signerName}
                  </span>
                )}
              </Detail>
            )}
            {proposal.declinedAt && (
              <Detail label="Declined">
                {formatDateTime(proposal.declinedAt)}
                {proposal.declineReason && (
                  <span className="block whitespace-pre-wrap text-sm font-normal text-muted-foreground">
                    {proposal.declineReason}
                  </span>
                )}
              </Detail>
            )}
            {proposal.paidAt && <Detail label="Paid">{formatDateTime(proposal.paidAt)}</Detail>}
            {proposal.depositInvoiceId && (
              <Detail label="First invoice">
                <InvoiceLink id={proposal.depositInvoiceId}>Open the first invoice</InvoiceLink>
              </Detail>
            )}
            {proposal.remainderInvoiceId && (
              <Detail label="Remainder">
                <InvoiceLink id={proposal.remainderInvoiceId}>
                  Open the remainder invoice
                </InvoiceLink>
              </Detail>
            )}
          </dl>
          {linkRevoked(proposal) && (
            <p className="mt-4 text-sm text-muted-foreground">
              The link sent was revoked: it no longer opens the proposal.
            </p>
          )}
        </CardContent>
      </Card>

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <Card>
          <CardHeader>
            <CardTitle>As {recipient.name} sees it</CardTitle>
          </CardHeader>
          <CardContent>
            <ProposalDocument proposal={proposal} />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Timeline</CardTitle>
          </CardHeader>
          <CardContent>
            <ProposalTimeline events={proposal.events} />
          </CardContent>
        </Card>
      </div>
    </div>
  );
}

/** /admin/proposals/{id}: the proposal as its recipient reads it, its actions and evidence. */
export function ProposalDetailPage() {
  const { id } = useParams<{ id: string }>();
  const proposal = useProposal(id);
  if (!proposal.data) {
    return (
      <div className="space-y-4">
        <BackButton href={paths.admin.proposals()}>Back to Proposals</BackButton>
        <QueryState
          query={proposal}
          what="proposal"
          titleAs="h1"
          loading={<Skeleton className="h-64 w-full" />}
        />
      </div>
    );
  }
  return <Loaded proposal={proposal.data} />;
}
