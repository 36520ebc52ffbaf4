import type { Proposal, ProposalDetail, ProposalEvent } from '@shared/schemas/proposals';
import type { ProposalEventRow, ProposalRow } from '../../db/schema';
import { planOf, totalsOf } from './proposal-document';
import type { ProposalMail } from './proposals.emails';

const iso = (value: Date | null) => value?.toISOString() ?? null;

/** A proposal as the admin's list shows it. */
export function toProposal(row: ProposalRow): Proposal {
  return {
    id: row.id,
    status: row.status,
    version: row.version,
    title: row.title,
    recipient: {
      name: row.recipientName,
      email: row.recipientEmail,
      businessName: row.recipientBusiness,
    },
    clientId: row.userId,
    lead:
      row.leadSearchId && row.leadId ? { searchId: row.leadSearchId, leadId: row.leadId } : null,
    consultationId: row.consultationId,
    plan: planOf(row),
    depositPercent: row.depositPercent,
    totals: totalsOf(row),
    validUntil: row.validUntil,
    sentAt: iso(row.sentAt),
    viewedAt: iso(row.viewedAt),
    signedAt: iso(row.signedAt),
    declinedAt: iso(row.declinedAt),
    paidAt: iso(row.paidAt),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toEvent(row: ProposalEventRow): ProposalEvent {
  return {
    id: row.id,
    kind: row.kind,
    at: row.occurredAt.toISOString(),
    version: row.version,
    email: row.email,
    ip: row.ip,
    userAgent: row.userAgent,
    documentHash: row.documentSha256,
    consentHash: row.consentSha256,
    detail: row.detail,
  };
}

/** GET /api/admin/proposals/{id}: the proposal, its current text and its timeline. */
export function toDetail(row: ProposalRow, events: ProposalEventRow[]): ProposalDetail {
  return {
    ...toProposal(row),
    items: row.items.map((item) => ({
      ...item,
      taxable: item.taxable !== false,
      total: item.quantity * item.unitPrice,
    })),
    terms: row.terms,
    signerName: row.signerName,
    declineReason: row.declineReason,
    depositInvoiceId: row.depositInvoiceId,
    remainderInvoiceId: row.remainderInvoiceId,
    hasAgreement: row.agreementKey !== null,
    events: events.map(toEvent),
  };
}

/** The proposal as its e-mails name it. */
export const mailOf = (row: ProposalRow): ProposalMail => ({
  id: row.id,
  title: row.title,
  recipientName: row.recipientName,
  recipientEmail: row.recipientEmail,
  validUntil: row.validUntil,
});
