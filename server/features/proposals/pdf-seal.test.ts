import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfText } from '@tests/support/pdf-text';
import {
  certificateOfP12,
  certificatesOfSignature,
  opensslVerifyPdf,
  pdfSignature,
} from '@tests/support/pdf-signature';
import { drawFooter, startPdf } from '../../lib/pdf-document';
import { createPdfSealer } from './pdf-seal';
import { makeSelfSignedP12 } from './signing-credentials';

async function samplePdf(): Promise<Buffer> {
  const pdf = await startPdf({ Title: 'Agreement', Author: 'Bayou Web Works', Subject: 'Test' });
  pdf.doc
    .font('Helvetica')
    .fontSize(12)
    .text('The deposit is $1,100.00 and the plan $399.00/month.');
  pdf.doc.addPage().text('Signature certificate');
  drawFooter(pdf, 'Questions? Write to hello@bayouweb.test.');
  pdf.doc.end();
  return pdf.done;
}

describe('sealing a PDF (PAdES basic, checked by openssl)', () => {
  let dir: string;
  let caFile: string;
  let sealed: Buffer;
  let original: Buffer;

  beforeAll(async () => {
    const credentials = await makeSelfSignedP12('Bayou Web Works', { now: new Date() });
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'seal-'));
    caFile = path.join(dir, 'agency.pem');
    await fs.writeFile(caFile, await certificateOfP12(credentials.p12, credentials.passphrase));
    const sealer = createPdfSealer(async () => ({ ...credentials, name: 'Bayou Web Works' }));
    original = await samplePdf();
    sealed = await sealer.seal(original, 'Camille Broussard signed "Website rebuild"');
  });
  afterAll(async () => {
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('adds an adbe.pkcs7.detached signature whose byte ranges cover the whole file but itself', async () => {
    const { byteRange, subFilter } = pdfSignature(sealed);
    expect(subFilter).toBe('adbe.pkcs7.detached');
    const [a, b, c, d] = byteRange;
    expect(a).toBe(0);
    expect(c + d).toBe(sealed.length);
    expect(sealed.subarray(b, b + 1).toString()).toBe('<');
    expect(sealed.subarray(c - 1, c).toString()).toBe('>');
    // An incremental update: the original bytes come first, unchanged.
    expect(
      sealed.subarray(0, original.length - 1).equals(original.subarray(0, original.length - 1)),
    ).toBe(true);
    const text = sealed.toString('latin1');
    expect(text).toContain('/Type /Sig');
    expect(text).toContain('/Filter /Adobe.PPKLite');
    expect(text).toMatch(/\/AcroForm/);
    expect(text).toMatch(/\/SigFlags 3/);
    // Still the same document to read.
    expect(await pdfText(sealed)).toContain('The deposit is $1,100.00 and the plan $399.00/month.');
  });

  it('is accepted by openssl cms -verify, and chains to the agency certificate', async () => {
    const digestOnly = await opensslVerifyPdf(sealed);
    expect(digestOnly.output).toContain('Verification successful');
    expect(digestOnly.ok).toBe(true);

    const chained = await opensslVerifyPdf(sealed, { caFile });
    expect(chained.output).toContain('Verification successful');
    expect(chained.ok).toBe(true);

    const certificates = await certificatesOfSignature(pdfSignature(sealed).der);
    expect(certificates).toMatch(/subject=CN\s*=\s*Bayou Web Works, O\s*=\s*Bayou Web Works/);
  });

  it('is refused once one byte inside the signed ranges changes', async () => {
    const [, b, c] = pdfSignature(sealed).byteRange;
    // One byte of the first page's text, before the signature, and one after it.
    for (const at of [Math.floor(b / 2), c + 5]) {
      const tampered = Buffer.from(sealed);
      tampered[at] = tampered[at]! ^ 0x01;
      const verdict = await opensslVerifyPdf(tampered);
      expect(verdict.ok).toBe(false);
      expect(verdict.output).toMatch(/Verification failure|digest failure/i);
      const chained = await opensslVerifyPdf(tampered, { caFile });
      expect(chained.ok).toBe(false);
    }
  });

  it('is refused when checked against another certificate', async () => {
    const stranger = await makeSelfSignedP12('Someone Else', { now: new Date(), keyBits: 2048 });
    const strangerFile = path.join(dir, 'stranger.pem');
    await fs.writeFile(strangerFile, await certificateOfP12(stranger.p12, stranger.passphrase));
    const verdict = await opensslVerifyPdf(sealed, { caFile: strangerFile });
    expect(verdict.ok).toBe(false);
  });
});
