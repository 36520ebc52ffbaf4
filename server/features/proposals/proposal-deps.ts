import type { ProposalPayment } from '@shared/schemas/proposals';
import type { Logger } from 'pino';
import type { AuditActor, AuditEntry, AuditTrail } from '../../lib/audit-trail';
import type { PlanReader } from '../plans/plans.service';
import type { ProposalAgency } from './proposal-document';
import type { ProposalTokens } from './proposal-tokens';
import type { ProposalEmails } from './proposals.emails';
import type { LockedProposal, ProposalRepository } from './proposals.repository';

/**
 * The sealed agreement PDF of a signed proposal (the PDF engineer's `createAgreements`,
 * agreements.ts): made and stored once, every download the same file.
 */
export interface AgreementStore {
  ensure(proposalId: string): Promise<{ key: string; sha256: string }>;
  read(proposalId: string): Promise<Buffer | null>;
}

/**
 * What signing bills (proposal-billing.ts): the first invoice, the plan request, the deposit's
 * Checkout, and the attaching of both to the account that signs up with the proposal's e-mail.
 */
export interface ProposalBilling {
  settleSigned(proposalId: string): Promise<void>;
  payment(proposalId: string): Promise<ProposalPayment | null>;
  depositCheckout(proposalId: string): Promise<string>;
  attachForVerifiedEmail(userId: string, email: string): Promise<void>;
}

/** Who opened, signed or declined: the evidence keeps it. */
export interface Visitor {
  ip: string | null;
  userAgent: string | null;
}

/** The audit log, writing in the transaction of the change it records. */
export interface ProposalAudit extends AuditTrail {
  recordIn(tx: LockedProposal['tx'], actor: AuditActor, entry: AuditEntry): Promise<void>;
}

/** What every proposal use case is given (proposals.service.ts wires it). */
export interface ProposalDeps {
  repository: ProposalRepository;
  tokens: ProposalTokens;
  mail: ProposalEmails;
  audit: ProposalAudit;
  plans: PlanReader;
  /** The agency's name, e-mail and phone, as the document and the 410 name it. */
  agency(): Promise<ProposalAgency>;
  agreements: AgreementStore;
  billing: ProposalBilling;
  appUrl: string;
  timeZone: string;
  logger: Logger;
  now: () => Date;
}
