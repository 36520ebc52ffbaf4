import type { Proposal } from '@shared/schemas/proposals';

/** The latest thing that happened to a proposal, from its times: [what, when]. */
export function lastEvent(proposal: Proposal): [what: string, at: string] {
  const moments: [string, string | null][] = [
    ['Created', proposal.createdAt],
    ['Edited', proposal.updatedAt === proposal.createdAt ? null : proposal.updatedAt],
    ['Sent', proposal.sentAt],
    ['Opened', proposal.viewedAt],
    ['Signed', proposal.signedAt],
    ['Declined', proposal.declinedAt],
    ['Paid', proposal.paidAt],
  ];
  let latest: [string, string] = ['Created', proposal.createdAt];
  for (const [what, at] of moments) {
    if (at && Date.parse(at) >= Date.parse(latest[1])) latest = [what, at];
  }
  return latest;
}
