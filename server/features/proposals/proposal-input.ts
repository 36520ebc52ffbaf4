import { calendarDateIn } from '@shared/dates';
import { PROPOSAL_MESSAGES, type ProposalInput } from '@shared/schemas/proposals';
import { TAX_MESSAGES } from '@shared/schemas/tax';
import type { AppliedRate } from '@shared/tax';
import type { ProposalRow } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { fullName } from '../../lib/format';
import type { ProposalDeps } from './proposal-deps';
import type { ProposalSettingsStore } from './proposal-settings';
import type { NewProposal } from './proposals.repository';

export const CLIENT_NOT_FOUND = 'That client does not exist';
export const CLIENT_WITHOUT_EMAIL = 'That client has no e-mail address to send the proposal to';
export const SEARCH_NOT_FOUND = 'That lead search does not exist';
export const CONSULTATION_NOT_FOUND = 'That consultation request does not exist';

/**
 * The rates the input names, as the proposal snapshots them (issue 39): each must be active,
 * but a rate the proposal already has keeps its snapshot even if retired since, as its plan
 * keeps the price it copied.
 */
async function ratesOf(
  repository: ProposalDeps['repository'],
  ids: readonly string[],
  current: ProposalRow | undefined,
): Promise<AppliedRate[]> {
  const kept = new Map((current?.taxes ?? []).map((rate) => [rate.taxRateId, rate]));
  const found = new Map((await repository.taxRates(ids)).map((rate) => [rate.id, rate]));
  return ids.map((id) => {
    const snapshot = kept.get(id);
    if (snapshot) return snapshot;
    const rate = found.get(id);
    if (!rate) throw new AppError(400, TAX_MESSAGES.rateNotFound);
    if (rate.retiredAt) throw new AppError(400, TAX_MESSAGES.rateRetired);
    return { taxRateId: rate.id, name: rate.name, percentThousandths: rate.percentThousandths };
  });
}

/** The columns a proposal's input sets (what POST and PUT write alike). */
export type ProposalContent = Pick<
  NewProposal,
  | 'title'
  | 'recipientName'
  | 'recipientEmail'
  | 'recipientBusiness'
  | 'userId'
  | 'leadSearchId'
  | 'leadId'
  | 'consultationId'
  | 'planId'
  | 'planName'
  | 'planMonthlyCents'
  | 'items'
  | 'taxes'
  | 'depositPercent'
  | 'validUntil'
  | 'terms'
>;

/**
 * The input as the columns it sets, checked against what it names: the client (whose name,
 * e-mail and business are copied), the lead search, the consultation, an active plan (whose
 * name and price are copied; a plan the proposal already has keeps the price it copied).
 */
export async function contentOf(
  deps: Pick<ProposalDeps, 'repository' | 'plans' | 'now' | 'timeZone'>,
  settings: ProposalSettingsStore,
  input: ProposalInput,
  current?: ProposalRow,
): Promise<ProposalContent> {
  const { repository } = deps;
  if (input.validUntil < calendarDateIn(deps.now(), deps.timeZone)) {
    throw new AppError(400, PROPOSAL_MESSAGES.validUntilInPast);
  }
  let recipient: Pick<
    ProposalContent,
    'recipientName' | 'recipientEmail' | 'recipientBusiness' | 'userId'
  >;
  if (input.clientId) {
    const client = await repository.client(input.clientId);
    if (!client) throw new AppError(400, CLIENT_NOT_FOUND);
    if (!client.email) throw new AppError(400, CLIENT_WITHOUT_EMAIL);
    recipient = {
      recipientName: fullName(client) || client.email,
      recipientEmail: client.email.toLowerCase(),
      recipientBusiness: client.businessName || null,
      userId: client.id,
    };
  } else {
    const { name, email, businessName } = input.recipient!;
    recipient = {
      recipientName: name,
      recipientEmail: email,
      recipientBusiness: businessName || null,
      // A proposal written for a contact attaches to their account when it exists.
      userId: current && current.recipientEmail === email ? current.userId : null,
    };
  }
  if (input.lead && !(await repository.searchExists(input.lead.searchId))) {
    throw new AppError(400, SEARCH_NOT_FOUND);
  }
  if (input.consultationId && !(await repository.consultationExists(input.consultationId))) {
    throw new AppError(400, CONSULTATION_NOT_FOUND);
  }
  let plan: Pick<ProposalContent, 'planId' | 'planName' | 'planMonthlyCents'> = {
    planId: null,
    planName: null,
    planMonthlyCents: null,
  };
  if (input.planType && current?.planId === input.planType) {
    plan = {
      planId: current.planId,
      planName: current.planName,
      planMonthlyCents: current.planMonthlyCents,
    };
  } else if (input.planType) {
    const active = await deps.plans.activePlan(input.planType);
    plan = { planId: active.id, planName: active.name, planMonthlyCents: active.monthlyPriceCents };
  }
  return {
    title: input.title,
    ...recipient,
    leadSearchId: input.lead?.searchId ?? null,
    leadId: input.lead?.leadId ?? null,
    consultationId: input.consultationId ?? null,
    ...plan,
    items: input.items.map(({ description, quantity, unitPrice, taxable }) => ({
      description,
      quantity,
      unitPrice,
      taxable,
    })),
    taxes: await ratesOf(repository, input.taxRateIds, current),
    depositPercent: input.depositPercent,
    validUntil: input.validUntil,
    terms: input.terms ?? (await settings.get()).terms,
  };
}

/** The fields of the content that differ from the row's (what an edit changed). */
export function changedContent(row: ProposalRow, content: ProposalContent): string[] {
  return (Object.keys(content) as (keyof ProposalContent)[]).filter(
    (key) => JSON.stringify(row[key] ?? null) !== JSON.stringify(content[key] ?? null),
  );
}
