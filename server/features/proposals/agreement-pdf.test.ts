import { describe, expect, it } from 'vitest';
import {
  AGREEMENT_ISSUER,
  CONSENT_SHA256,
  CONSENT_TEXT,
  DRAWN_SIGNATURE,
  SIGNED_DOCUMENT,
  SIGNED_DOCUMENT_SHA256,
  SIGNER_AGENT,
  SIGNER_IP,
} from '@tests/support/agreement-fixtures';
import { pdfPageCount, pdfText } from '@tests/support/pdf-text';
import { renderAgreement, type AgreementInput } from './agreement-pdf';

const drawn = Buffer.from(DRAWN_SIGNATURE.split(',')[1]!, 'base64');

const input = (overrides: Partial<AgreementInput> = {}): AgreementInput => ({
  issuer: AGREEMENT_ISSUER,
  reference: '6f1c2f0e-3d4b-4c5a-9e8f-0a1b2c3d4e5f',
  document: SIGNED_DOCUMENT,
  documentSha256: SIGNED_DOCUMENT_SHA256,
  signerName: 'Camille Broussard',
  signature: { drawn, typed: null },
  signedAt: new Date('2026-12-03T21:05:00.000Z'),
  sentTo: 'camille@broussard-bakery.test',
  events: [
    {
      kind: 'sent',
      at: new Date('2026-12-02T10:01:00.000Z'),
      version: 2,
      email: 'camille@broussard-bakery.test',
      ip: null,
      userAgent: null,
      detail: '',
    },
    {
      kind: 'viewed',
      at: new Date('2026-12-03T21:00:00.000Z'),
      version: 2,
      email: null,
      ip: SIGNER_IP,
      userAgent: SIGNER_AGENT,
      detail: '',
    },
    {
      kind: 'signed',
      at: new Date('2026-12-03T21:05:00.000Z'),
      version: 2,
      email: null,
      ip: SIGNER_IP,
      userAgent: SIGNER_AGENT,
      detail: 'Camille Broussard',
    },
  ],
  consent: { text: CONSENT_TEXT, sha256: CONSENT_SHA256 },
  ...overrides,
});

describe('the agreement PDF', () => {
  it('shows the proposal as signed, the signature, and a certificate page with the evidence', async () => {
    const bytes = await renderAgreement(input());
    const text = await pdfText(bytes);

    // The proposal, in the agency's letterhead.
    expect(text).toContain('Bayou Web Works');
    expect(text).toContain('hello@bayouweb.test');
    expect(text).toContain('AGREEMENT');
    expect(text).toContain('Version 2');
    expect(text).toContain('Website rebuild and care for Broussard Bakery');
    expect(text).toContain('Camille Broussard');
    expect(text).toContain('Broussard Bakery');
    expect(text).toContain('Signature plan, $399.00/month, billed monthly');
    expect(text).toContain('Website build, 6 pages');
    expect(text).toContain('$2,500.00');
    expect(text).toContain('Logo refresh');
    expect(text).toContain('$250.00');
    expect(text).toContain('One-off total');
    expect(text).toContain('$2,750.00');
    expect(text).toContain('Deposit (40%)');
    expect(text).toContain('$1,100.00');
    expect(text).toContain('Due at signing');
    expect(text).toContain('$1,499.00');
    expect(text).toContain('Due on delivery');
    expect(text).toContain('$1,650.00');
    expect(text).toContain('Dec 15, 2026');
    expect(text).toContain('The remaining 60% is due when the website goes live.');

    // The signature block: in the business's time (Chicago, CST).
    expect(text).toContain('Signed electronically on Dec 3, 2026 at 3:05 PM CST');
    expect(text).toContain(`Document SHA-256: ${SIGNED_DOCUMENT_SHA256}`);

    // The certificate page.
    expect(await pdfPageCount(bytes)).toBe(2);
    expect(text).toContain('Signature certificate');
    expect(text).toContain('6f1c2f0e-3d4b-4c5a-9e8f-0a1b2c3d4e5f');
    expect(text).toContain('camille@broussard-bakery.test');
    expect(text).toContain(CONSENT_SHA256);
    expect(text).toContain(CONSENT_TEXT);
    expect(text).toContain('Sent (version 2)');
    expect(text).toContain('Dec 2, 2026 at 4:01 AM CST');
    expect(text).toContain('Opened (version 2)');
    expect(text).toContain('Signed (version 2)');
    expect(text).toContain(`IP address: ${SIGNER_IP}`);
    expect(text).toContain('iPhone; CPU iPhone OS 18_1');
  });

  it('writes a typed signature when nothing was drawn, and flows long terms onto more pages', async () => {
    const terms = Array.from(
      { length: 120 },
      (_, n) => `Clause ${n + 1}. The agency keeps the site online and answers within a day.`,
    ).join('\n');
    const bytes = await renderAgreement(
      input({
        signature: { drawn: null, typed: 'Camille B.' },
        document: { ...SIGNED_DOCUMENT, terms },
      }),
    );
    const text = await pdfText(bytes);
    expect(text).toContain('Camille B.');
    expect(text).toContain('Clause 1.');
    expect(text).toContain('Clause 120.');
    expect(await pdfPageCount(bytes)).toBeGreaterThan(3);
    expect(text).toContain('Signature certificate');
  });

  it('writes the typed mark beside a drawn one that cannot be read', async () => {
    const bytes = await renderAgreement(
      input({ signature: { drawn: Buffer.from('not a png'), typed: 'Camille Broussard' } }),
    );
    expect(await pdfText(bytes)).toContain('Signed electronically on Dec 3, 2026');
  });
});
