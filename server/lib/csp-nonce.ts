import crypto from 'node:crypto';

const POOL_BYTES = 4096;
const NONCE_BYTES = 16;
let pool = crypto.randomBytes(POOL_BYTES);
let offset = 0;

/**
 * A fresh 128-bit CSP nonce for one response. Bytes come from the CSPRNG in 4 kB draws (one
 * system call per 256 nonces instead of one each); every byte is used once.
 */
export function cspNonce(): string {
  if (offset + NONCE_BYTES > POOL_BYTES) {
    pool = crypto.randomBytes(POOL_BYTES);
    offset = 0;
  }
  const nonce = pool.toString('base64', offset, offset + NONCE_BYTES);
  offset += NONCE_BYTES;
  return nonce;
}
