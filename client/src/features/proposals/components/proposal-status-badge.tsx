import type { ProposalStatus } from '@shared/schemas/proposals';
import { Badge } from '@/components/ui/badge';
import type { StatusLook } from '@/components/ui/status-badge';

/** A proposal's status: the same words in the list, its page and the client's page. */
export const PROPOSAL_STATUS_LOOK: Record<ProposalStatus, StatusLook> = {
  draft: { label: 'Draft', variant: 'secondary' },
  sent: { label: 'Sent', variant: 'warning' },
  viewed: { label: 'Viewed', variant: 'warning' },
  signed: { label: 'Signed', variant: 'success' },
  paid: { label: 'Paid', variant: 'success' },
  declined: { label: 'Declined', variant: 'destructive' },
  expired: { label: 'Expired', variant: 'outline' },
};

export function ProposalStatusBadge({ status }: { status: ProposalStatus }) {
  const { label, variant } = PROPOSAL_STATUS_LOOK[status];
  return <Badge variant={variant}>{label}</Badge>;
}

/** Until it is signed or declined, the owner may still change it (the server says 409 after). */
export function isEditable(status: ProposalStatus): boolean {
  return status === 'draft' || status === 'sent' || status === 'viewed' || status === 'expired';
}
