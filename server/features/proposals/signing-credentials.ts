import crypto from 'node:crypto';
import { promisify } from 'node:util';
import type { SealCredentials } from './pdf-seal';
import type { SigningCredentialsRepository } from './signing-credentials.repository';

/** A .p12 the install was given (PROPOSAL_SIGNING_P12 and its password). */
export interface GivenP12 {
  p12: Buffer;
  passphrase: string;
}

const YEARS_VALID = 10;
const generateKeyPair = promisify(crypto.generateKeyPair);

async function loadForge() {
  // node-forge is CommonJS: its functions hang off the default export.
  return (await import('node-forge')).default;
}

/**
 * A self-signed certificate for `name` (subject and issuer: CN and O), valid ten years, for
 * digital signatures and non-repudiation, with its key in a PKCS#12 bundle. The key is made by
 * node:crypto on libuv's threads, so the event loop goes on serving meanwhile; forge only
 * writes the certificate and the bundle.
 */
export async function makeSelfSignedP12(
  name: string,
  { now, keyBits = 3072 }: { now: Date; keyBits?: number },
): Promise<{ p12: Buffer; passphrase: string }> {
  const forge = await loadForge();
  const { publicKey, privateKey } = await generateKeyPair('rsa', {
    modulusLength: keyBits,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
  });
  const key = forge.pki.privateKeyFromPem(privateKey);
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(publicKey);
  // Positive (leading 01) and unpredictable, as RFC 5280 asks of a serial number.
  cert.serialNumber = `01${crypto.randomBytes(15).toString('hex')}`;
  // An hour early: a reader whose clock runs a little behind still finds it valid.
  cert.validity.notBefore = new Date(now.getTime() - 60 * 60 * 1000);
  const notAfter = new Date(now);
  notAfter.setUTCFullYear(notAfter.getUTCFullYear() + YEARS_VALID);
  cert.validity.notAfter = notAfter;
  const subject = [
    { name: 'commonName', value: name },
    { name: 'organizationName', value: name },
  ];
  cert.setSubject(subject);
  cert.setIssuer(subject);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false, critical: true },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true, critical: true },
    { name: 'subjectKeyIdentifier' },
  ]);
  cert.sign(key, forge.md.sha256.create());
  const passphrase = crypto.randomBytes(24).toString('base64url');
  const asn1 = forge.pkcs12.toPkcs12Asn1(key, [cert], passphrase, {
    algorithm: 'aes256',
    friendlyName: name,
  });
  return { p12: Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary'), passphrase };
}

/** The common name of the certificate in a .p12 (what a reader shows as the sealer). */
async function subjectOf({ p12, passphrase }: GivenP12): Promise<string | null> {
  const forge = await loadForge();
  let bundle;
  try {
    bundle = forge.pkcs12.pkcs12FromAsn1(
      forge.asn1.fromDer(forge.util.createBuffer(p12.toString('binary'))),
      false,
      passphrase,
    );
  } catch (error) {
    throw new Error(
      'PROPOSAL_SIGNING_P12 cannot be opened with PROPOSAL_SIGNING_P12_PASSWORD ' +
        `(${error instanceof Error ? error.message : String(error)})`,
      { cause: error },
    );
  }
  const certBag = forge.pki.oids.certBag ?? '1.2.840.113549.1.12.10.1.3';
  const bags = bundle.getBags({ bagType: certBag })[certBag] ?? [];
  const value = bags[0]?.cert?.subject.getField('CN')?.value as unknown;
  return typeof value === 'string' ? value : null;
}

/**
 * What the agreements are sealed with: the .p12 the install was given, or else a self-signed
 * certificate in the agency's name, made on first use and kept in the database with the other
 * secrets, so every server process and every restart seals with the same one (when two make
 * one at once, the first kept wins and both use it). Read once per process.
 */
export function createSigningCredentials({
  repository,
  given,
  agencyName,
  now = () => new Date(),
}: {
  repository: SigningCredentialsRepository;
  given: GivenP12 | undefined;
  /** The subject of a certificate made here: the agency's name in the settings. */
  agencyName: () => Promise<string>;
  now?: () => Date;
}): () => Promise<SealCredentials> {
  const load = async (): Promise<SealCredentials> => {
    if (given) return { ...given, name: (await subjectOf(given)) ?? (await agencyName()) };
    let stored = await repository.find();
    if (!stored) {
      const name = await agencyName();
      const made = await makeSelfSignedP12(name, { now: now() });
      stored = await repository.keep({
        p12: made.p12.toString('base64'),
        passphrase: made.passphrase,
        name,
      });
    }
    return {
      p12: Buffer.from(stored.p12, 'base64'),
      passphrase: stored.passphrase,
      name: stored.name,
    };
  };
  let loading: Promise<SealCredentials> | undefined;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      // A failure (the database away) is tried again by the next seal, not remembered.
      loading = undefined;
      throw error;
    }));
}
