import crypto from 'node:crypto';
import { expect, it } from 'vitest';
import { canonicalJson, proposalDocumentHash } from './proposal-document';

it('hashes the canonical JSON: the same document in any key order gives one hash', () => {
  expect(canonicalJson({ b: 1, a: [{ d: null, c: 'x' }] })).toBe(
    '{"a":[{"c":"x","d":null}],"b":1}',
  );
  const document = {
    version: 1,
    title: 'Website',
    recipient: { name: 'Marie', email: 'marie@example.com', businessName: null },
    agency: { name: 'Coast & Code', email: 'hello@example.com', phone: '' },
    plan: null,
    items: [{ description: 'Build', quantity: 1, unitPrice: 100, total: 100 }],
    depositPercent: 50,
    totals: { oneOff: 100, deposit: 50, monthly: 0, firstInvoice: 50, remainder: 50 },
    validUntil: '2026-03-20',
    terms: 'Terms.',
  };
  const reordered = Object.fromEntries(Object.entries(document).reverse()) as typeof document;
  expect(proposalDocumentHash(reordered)).toBe(proposalDocumentHash(document));
  expect(proposalDocumentHash(document)).toBe(
    crypto.createHash('sha256').update(canonicalJson(document)).digest('hex'),
  );
  expect(proposalDocumentHash({ ...document, terms: 'Terms!' })).not.toBe(
    proposalDocumentHash(document),
  );
});
