import { expect, it } from 'vitest';
import { cspNonce } from './csp-nonce';

it('gives a different 128-bit nonce every time, across pool refills', () => {
  const nonces = Array.from({ length: 1000 }, () => cspNonce());
  expect(new Set(nonces).size).toBe(1000);
  for (const nonce of nonces) expect(Buffer.from(nonce, 'base64')).toHaveLength(16);
});
