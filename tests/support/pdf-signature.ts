import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The last signature of a PDF: its dictionary's /SubFilter, /ByteRange and the DER in /Contents. */
export function pdfSignature(pdf: Buffer) {
  const text = pdf.toString('latin1');
  const ranges = [...text.matchAll(/\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g)];
  const last = ranges.at(-1);
  if (!last) throw new Error('The PDF has no /ByteRange');
  const [a, b, c, d] = last.slice(1, 5).map(Number) as [number, number, number, number];
  const hex = text.slice(b, c);
  if (!hex.startsWith('<') || !hex.endsWith('>'))
    throw new Error('/Contents is not between the ranges');
  const padded = Buffer.from(hex.slice(1, -1), 'hex');
  // The signature's dictionary: from its object's start to its /Contents.
  const dictionary = text.slice(text.lastIndexOf(' obj', last.index), b);
  return {
    byteRange: [a, b, c, d] as const,
    subFilter: /\/SubFilter\s*\/([\w.]+)/.exec(dictionary)?.[1] ?? null,
    /** The bytes the signature covers: the file but the /Contents value. */
    signed: Buffer.concat([pdf.subarray(a, a + b), pdf.subarray(c, c + d)]),
    /** The CMS, without the placeholder's trailing zeros. */
    der: padded.subarray(0, derLength(padded)),
  };
}

/** The length of one DER value (a SEQUENCE) from its header. */
function derLength(der: Buffer): number {
  const first = der[1] ?? 0;
  if (first < 0x80) return 2 + first;
  const octets = first & 0x7f;
  let length = 0;
  for (let i = 0; i < octets; i += 1) length = length * 256 + (der[2 + i] ?? 0);
  return 2 + octets + length;
}

/**
 * What `openssl cms -verify` says of a signed PDF's signature over its byte ranges: without
 * `caFile` it checks the signature and digest only (-noverify), with it the certificate's chain
 * to that trust anchor too. `ok` is openssl's exit status.
 */
export async function opensslVerifyPdf(
  pdf: Buffer,
  { caFile }: { caFile?: string } = {},
): Promise<{ ok: boolean; output: string }> {
  const { signed, der } = pdfSignature(pdf);
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'pdf-signature-'));
  try {
    await fs.writeFile(path.join(dir, 'data.bin'), signed);
    await fs.writeFile(path.join(dir, 'sig.der'), der);
    const args = ['cms', '-verify', '-binary', '-inform', 'DER', '-in', path.join(dir, 'sig.der')];
    args.push('-content', path.join(dir, 'data.bin'), '-out', path.join(dir, 'out.bin'));
    args.push(...(caFile ? ['-CAfile', caFile] : ['-noverify']));
    try {
      const { stdout, stderr } = await run('openssl', args);
      return { ok: true, output: stdout + stderr };
    } catch (error) {
      const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
      return { ok: false, output: stdout + stderr };
    }
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/** The certificate (PEM) in a .p12, as openssl reads it. */
export async function certificateOfP12(p12: Buffer, passphrase: string): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'p12-'));
  try {
    await fs.writeFile(path.join(dir, 'bundle.p12'), p12);
    const { stdout } = await run('openssl', [
      'pkcs12',
      '-in',
      path.join(dir, 'bundle.p12'),
      '-nokeys',
      '-passin',
      `pass:${passphrase}`,
    ]);
    return stdout;
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/** The certificates in a signature (DER CMS) as openssl prints them: subject, issuer, PEM. */
export async function certificatesOfSignature(der: Buffer): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'pdf-signature-'));
  try {
    await fs.writeFile(path.join(dir, 'sig.der'), der);
    const { stdout } = await run('openssl', [
      'pkcs7',
      '-inform',
      'DER',
      '-in',
      path.join(dir, 'sig.der'),
      '-print_certs',
    ]);
    return stdout;
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}
