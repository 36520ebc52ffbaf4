import crypto from 'node:crypto';
import type { ProposalDocument } from '@shared/schemas/proposals';
import type { DatabaseHandle } from '../../server/db/client';
import { proposalEvents, proposals, proposalVersions } from '../../server/db/schema';
import type { AgreementIssuer } from '../../server/features/proposals/agreement-pdf';
import { pngImage } from './sample-files';

export const AGREEMENT_ISSUER: AgreementIssuer = {
  businessName: 'Bayou Web Works',
  businessEmail: 'hello@bayouweb.test',
  businessPhone: '(504) 555-0134',
  location: 'Lafayette, LA',
  businessWebsite: 'https://bayouweb.test',
  timeZone: 'America/Chicago',
};

export const CONSENT_TEXT =
  'I agree to sign this agreement electronically and that my electronic signature is as valid as one on paper.';

/** A website build with a Signature plan, as the recipient read and signed it (version 2). */
export const SIGNED_DOCUMENT: ProposalDocument = {
  version: 2,
  title: 'Website rebuild and care for Broussard Bakery',
  recipient: {
    name: 'Camille Broussard',
    email: 'camille@broussard-bakery.test',
    businessName: 'Broussard Bakery',
  },
  agency: { name: 'Bayou Web Works', email: 'hello@bayouweb.test', phone: '(504) 555-0134' },
  plan: { id: 'signature', name: 'Signature', monthlyPriceCents: 39_900 },
  items: [
    { description: 'Website build, 6 pages', quantity: 1, unitPrice: 250_000, total: 250_000 },
    { description: 'Logo refresh', quantity: 2, unitPrice: 12_500, total: 25_000 },
  ],
  depositPercent: 40,
  totals: {
    oneOff: 275_000,
    deposit: 110_000,
    monthly: 39_900,
    firstInvoice: 149_900,
    remainder: 165_000,
  },
  validUntil: '2026-12-15',
  terms:
    'The remaining 60% is due when the website goes live. Either party may end the plan with 30 days notice.',
};

export const SIGNED_DOCUMENT_SHA256 = crypto
  .createHash('sha256')
  .update(JSON.stringify(SIGNED_DOCUMENT))
  .digest('hex');
export const CONSENT_SHA256 = crypto.createHash('sha256').update(CONSENT_TEXT).digest('hex');

/** A drawn signature as the page sends it: a PNG data URL. */
export const DRAWN_SIGNATURE = `data:image/png;base64,${pngImage(120, 40, [20, 20, 80]).toString('base64')}`;

export const SIGNER_IP = '203.0.113.42';
export const SIGNER_AGENT =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';

/**
 * A signed proposal written straight into its tables: the row (signed on version 2), both
 * versions, and its evidence (sent, opened, changed and sent again, opened, signed), then a
 * payment after the signature. Its id.
 */
export async function insertSignedProposal(
  database: DatabaseHandle,
  {
    typed = 'Camille Broussard',
    drawn = DRAWN_SIGNATURE,
  }: { typed?: string | null; drawn?: string | null } = {},
): Promise<string> {
  const { db } = database;
  const signedAt = new Date('2026-12-03T21:05:00.000Z');
  const [row] = await db
    .insert(proposals)
    .values({
      status: 'signed',
      version: 2,
      title: SIGNED_DOCUMENT.title,
      recipientName: SIGNED_DOCUMENT.recipient.name,
      recipientEmail: SIGNED_DOCUMENT.recipient.email,
      recipientBusiness: SIGNED_DOCUMENT.recipient.businessName,
      planId: 'signature',
      planName: 'Signature',
      planMonthlyCents: 39_900,
      items: SIGNED_DOCUMENT.items.map(({ description, quantity, unitPrice }) => ({
        description,
        quantity,
        unitPrice,
      })),
      depositPercent: 40,
      validUntil: SIGNED_DOCUMENT.validUntil,
      terms: SIGNED_DOCUMENT.terms,
      sentAt: new Date('2026-12-01T15:00:00.000Z'),
      viewedAt: new Date('2026-12-01T16:30:00.000Z'),
      signedAt,
      signedVersion: 2,
      signerName: 'Camille Broussard',
      signatureDrawn: drawn,
      signatureTyped: typed,
    })
    .returning({ id: proposals.id });
  const proposalId = row!.id;
  const first = { ...SIGNED_DOCUMENT, version: 1, items: SIGNED_DOCUMENT.items.slice(0, 1) };
  await db.insert(proposalVersions).values([
    { proposalId, version: 1, document: first, documentSha256: 'a'.repeat(64) },
    { proposalId, version: 2, document: SIGNED_DOCUMENT, documentSha256: SIGNED_DOCUMENT_SHA256 },
  ]);
  const at = (iso: string) => new Date(iso);
  await db.insert(proposalEvents).values([
    { proposalId, kind: 'created', version: 1, occurredAt: at('2026-12-01T14:00:00.000Z') },
    {
      proposalId,
      kind: 'sent',
      version: 1,
      email: SIGNED_DOCUMENT.recipient.email,
      occurredAt: at('2026-12-01T15:00:00.000Z'),
    },
    {
      proposalId,
      kind: 'viewed',
      version: 1,
      ip: '198.51.100.7',
      userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) Safari/605.1.15',
      occurredAt: at('2026-12-01T16:30:00.000Z'),
    },
    { proposalId, kind: 'edited', version: 2, occurredAt: at('2026-12-02T10:00:00.000Z') },
    {
      proposalId,
      kind: 'sent',
      version: 2,
      email: SIGNED_DOCUMENT.recipient.email,
      occurredAt: at('2026-12-02T10:01:00.000Z'),
    },
    {
      proposalId,
      kind: 'viewed',
      version: 2,
      ip: SIGNER_IP,
      userAgent: SIGNER_AGENT,
      occurredAt: at('2026-12-03T21:00:00.000Z'),
    },
    {
      proposalId,
      kind: 'signed',
      version: 2,
      ip: SIGNER_IP,
      userAgent: SIGNER_AGENT,
      documentSha256: SIGNED_DOCUMENT_SHA256,
      consentText: CONSENT_TEXT,
      consentSha256: CONSENT_SHA256,
      detail: 'Camille Broussard',
      occurredAt: signedAt,
    },
    {
      proposalId,
      kind: 'paid',
      detail: 'INV-2026-0042',
      occurredAt: at('2026-12-04T09:00:00.000Z'),
    },
  ]);
  return proposalId;
}
