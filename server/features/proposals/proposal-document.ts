import crypto from 'node:crypto';
import { proposalTotals, type ProposalDocument } from '@shared/schemas/proposals';
import type { ProposalRow } from '../../db/schema';

/** The agency as a proposal names it: who the signer makes the agreement with. */
export interface ProposalAgency {
  name: string;
  email: string;
  phone: string;
}

/** The proposal's plan as it copied it, or null. */
export function planOf(row: Pick<ProposalRow, 'planId' | 'planName' | 'planMonthlyCents'>) {
  return row.planId
    ? {
        id: row.planId,
        name: row.planName ?? row.planId,
        monthlyPriceCents: row.planMonthlyCents ?? 0,
      }
    : null;
}

/** The proposal's money: what its form shows, from what the row copied. */
export const totalsOf = (
  row: Pick<ProposalRow, 'items' | 'depositPercent' | 'planId' | 'planMonthlyCents' | 'taxes'>,
) =>
  proposalTotals(
    row.items,
    row.depositPercent,
    row.planId ? row.planMonthlyCents : null,
    row.taxes,
  );

/**
 * The totals a document freezes: without tax rates, exactly the fields a document had before
 * issue 39, so an untaxed proposal reads (and hashes) as it did.
 */
function documentTotals(row: ProposalRow) {
  const { taxes, tax, ...totals } = totalsOf(row);
  return row.taxes.length > 0 ? { ...totals, taxes, tax } : totals;
}

/**
 * What the recipient reads and signs, built from the row's current version and the agency's
 * details: frozen in proposal_versions when it is sent (or first read), never built again.
 */
export function buildProposalDocument(row: ProposalRow, agency: ProposalAgency): ProposalDocument {
  return {
    version: row.version,
    title: row.title,
    recipient: {
      name: row.recipientName,
      email: row.recipientEmail,
      businessName: row.recipientBusiness,
    },
    agency: { name: agency.name, email: agency.email, phone: agency.phone },
    plan: planOf(row),
    items: row.items.map((item) => ({
      description: item.description,
      quantity: item.quantity,
      unitPrice: item.unitPrice,
      total: item.quantity * item.unitPrice,
      ...(row.taxes.length > 0 ? { taxable: item.taxable !== false } : {}),
    })),
    depositPercent: row.depositPercent,
    totals: documentTotals(row),
    validUntil: row.validUntil,
    terms: row.terms,
  };
}

/** JSON with every object's keys sorted: the same document always gives the same bytes. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, child]) => child !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, child]) => `${JSON.stringify(key)}:${canonicalJson(child)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

export const sha256Hex = (text: string) => crypto.createHash('sha256').update(text).digest('hex');

/**
 * The SHA-256 (hex) of the document's canonical JSON: the hash the evidence keeps of what was
 * signed, and the sealed agreement prints. Anyone holding the document can compute it again.
 */
export const proposalDocumentHash = (document: ProposalDocument) =>
  sha256Hex(canonicalJson(document));
