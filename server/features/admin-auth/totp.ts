import crypto from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';

/**
 * The pieces of the TOTP second factor (RFC 6238: SHA-1, 6 digits, 30-second steps, what
 * every authenticator app reads), kept apart from the sign-in flow in the service.
 */

const CIPHER = 'aes-256-gcm';
const VERSION = 'v1';
/** Codes of the step before and after the current one pass too (clock drift, typing time). */
const TOLERANCE_SECONDS = 30;
export const RECOVERY_CODE_COUNT = 10;

export function newTotpSecret(): string {
  return generateSecret({ length: 20 });
}

export function otpauthUrl(issuer: string, email: string, secret: string): string {
  return generateURI({ issuer, label: email, secret });
}

/** The otpauth URL as an SVG QR code, in a data URL an <img> shows (the CSP allows data:). */
export async function qrCodeDataUrl(url: string): Promise<string> {
  const svg = await QRCode.toString(url, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

/**
 * AES-256-GCM with the admin's id as additional data: a secret copied onto another admin's
 * row does not decrypt. Stored as `v1.<iv|tag|ciphertext in base64url>`.
 */
export function encryptSecret(secret: string, key: Buffer, adminId: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv(CIPHER, key, iv);
  cipher.setAAD(Buffer.from(adminId));
  const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return `${VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
}

export function decryptSecret(stored: string, key: Buffer, adminId: string): string {
  const [version, payload] = stored.split('.');
  if (version !== VERSION || !payload) throw new Error('Unknown TOTP secret format');
  const raw = Buffer.from(payload, 'base64url');
  const decipher = crypto.createDecipheriv(CIPHER, key, raw.subarray(0, 12));
  decipher.setAAD(Buffer.from(adminId));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
}

/**
 * The time step of a valid code, or null. A code of `afterStep` or earlier is refused: each
 * step's code works once (replay within its window).
 */
export async function totpStep(
  secret: string,
  code: string,
  afterStep: number | null,
  now: Date,
): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null;
  try {
    const result = await verify({
      secret,
      token: code,
      epoch: Math.floor(now.getTime() / 1000),
      epochTolerance: TOLERANCE_SECONDS,
      ...(afterStep === null ? {} : { afterTimeStep: afterStep }),
    });
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  } catch {
    // otplib refuses an afterTimeStep ahead of the clock (the clock went back): no code passes.
    return null;
  }
}

/** Ten codes of 80 random bits each, as `xxxxx-xxxxx-xxxxx-xxxxx` (hex). */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () =>
    crypto
      .randomBytes(10)
      .toString('hex')
      .replace(/(.{5})(?!$)/g, '$1-'),
  );
}

/** The code as stored: dashes, spaces and case do not matter; null when it is no recovery code. */
export function recoveryCodeHash(input: string): string | null {
  const normalised = input.toLowerCase().replace(/[\s-]/g, '');
  if (!/^[0-9a-f]{20}$/.test(normalised)) return null;
  // 80 random bits: a plain SHA-256 cannot be reversed by guessing (no bcrypt needed).
  return crypto.createHash('sha256').update(normalised).digest('hex');
}
