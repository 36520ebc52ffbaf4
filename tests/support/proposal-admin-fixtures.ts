import { http, HttpResponse } from 'msw';
import {
  ProposalDetailSchema,
  ProposalPageSchema,
  ProposalSavedSchema,
  ProposalSettingsSchema,
  type Proposal,
  type ProposalDetail,
  type ProposalEvent,
  type ProposalSettings,
} from '@shared/schemas/proposals';
import { apiServer, json } from './api-server';
import { pageOf } from './page-of';

/** The proposal the owner's screens are tested with. */
export const PROPOSAL_ID = '5e6f7a8b-0000-4000-8000-000000000001';

/** A sent proposal to a new contact: a $4,000 website build, half down, and Signature. */
export function aProposal(overrides: Partial<Proposal> = {}): Proposal {
  return {
    id: PROPOSAL_ID,
    status: 'sent',
    version: 1,
    title: 'A new website and care plan',
    recipient: {
      name: 'Odile Fontenot',
      email: 'odile@example.com',
      businessName: 'Fontenot Bakery',
    },
    clientId: null,
    lead: null,
    consultationId: null,
    plan: { id: 'signature', name: 'Signature', monthlyPriceCents: 39_900 },
    depositPercent: 50,
    totals: {
      oneOff: 400_000,
      deposit: 200_000,
      monthly: 39_900,
      firstInvoice: 239_900,
      remainder: 200_000,
    },
    validUntil: '2026-12-29',
    sentAt: '2026-11-29T15:00:00.000Z',
    viewedAt: null,
    signedAt: null,
    declinedAt: null,
    paidAt: null,
    createdAt: '2026-11-28T15:00:00.000Z',
    updatedAt: '2026-11-28T15:00:00.000Z',
    ...overrides,
  };
}

/** One event of a timeline, with what a test changes. */
export function anEvent(overrides: Partial<ProposalEvent> & Pick<ProposalEvent, 'id' | 'kind'>) {
  return {
    at: '2026-11-29T15:00:00.000Z',
    version: 1,
    email: null,
    ip: null,
    userAgent: null,
    documentHash: null,
    consentHash: null,
    detail: '',
    ...overrides,
  } satisfies ProposalEvent;
}

/** The detail of aProposal: its item, terms and the timeline of a proposal sent. */
export function aProposalDetail(overrides: Partial<ProposalDetail> = {}): ProposalDetail {
  return {
    ...aProposal(),
    items: [{ description: 'Website build', quantity: 1, unitPrice: 400_000, total: 400_000 }],
    terms: 'Work starts when the deposit is paid.',
    signerName: null,
    declineReason: null,
    depositInvoiceId: null,
    remainderInvoiceId: null,
    hasAgreement: false,
    events: [
      anEvent({ id: 1, kind: 'created', at: '2026-11-28T15:00:00.000Z' }),
      anEvent({ id: 2, kind: 'sent', email: 'odile@example.com' }),
    ],
    ...overrides,
  };
}

export const PROPOSAL_SETTINGS: ProposalSettings = {
  terms: 'Payment is due within 14 days of each invoice.',
  consentText: 'I agree to sign this proposal electronically.',
  reminderDaysBeforeExpiry: 3,
};

/** GET/PUT /api/admin/settings/proposals: answers `settings`, a PUT answers what it was sent. */
export function proposalSettingsHandlers(settings: ProposalSettings = PROPOSAL_SETTINGS) {
  return [
    http.get('/api/admin/settings/proposals', () => json(ProposalSettingsSchema, settings)),
    http.put('/api/admin/settings/proposals', async ({ request }) =>
      json(ProposalSettingsSchema, (await request.json()) as ProposalSettings),
    ),
  ];
}

/**
 * The proposals API: the list answers `items` whatever the query, GET one answers `detail`,
 * POST answers it saved as a draft, DELETE 204.
 */
export function stubProposals({
  items = [aProposal()],
  detail = aProposalDetail(),
}: { items?: Proposal[]; detail?: ProposalDetail } = {}) {
  apiServer.use(
    http.get('/api/admin/proposals', () => json(ProposalPageSchema, pageOf(items))),
    http.get('/api/admin/proposals/:id', () => json(ProposalDetailSchema, detail)),
    http.post('/api/admin/proposals', () =>
      json(ProposalSavedSchema, { proposal: { ...detail, status: 'draft' } }, { status: 201 }),
    ),
    http.delete('/api/admin/proposals/:id', () => new HttpResponse(null, { status: 204 })),
  );
}
