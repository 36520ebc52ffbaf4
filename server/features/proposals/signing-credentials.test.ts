import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { certificateOfP12, opensslVerifyPdf } from '@tests/support/pdf-signature';
import { startPdf } from '../../lib/pdf-document';
import { createPdfSealer } from './pdf-seal';
import { createSigningCredentials, makeSelfSignedP12 } from './signing-credentials';
import type { SigningCredentialsRepository } from './signing-credentials.repository';

const run = promisify(execFile);

/** A store that must not be asked: a given .p12 needs no database. */
const untouchable: SigningCredentialsRepository = {
  find: () => Promise.reject(new Error('the database was asked')),
  keep: () => Promise.reject(new Error('the database was asked')),
};

async function onePagePdf(): Promise<Buffer> {
  const pdf = await startPdf({ Title: 'Agreement', Author: 'Test', Subject: 'Test' });
  pdf.doc.text('Signed.');
  pdf.doc.end();
  return pdf.done;
}

let dir: string;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'credentials-'));
});
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

describe('the signing certificate', () => {
  it('made here: the agency as subject, ten years, for signatures and non-repudiation', async () => {
    const now = new Date();
    const { p12, passphrase } = await makeSelfSignedP12('Bayou Web Works', { now });
    const pem = path.join(dir, 'made.pem');
    await fs.writeFile(pem, await certificateOfP12(p12, passphrase));
    const { stdout } = await run('openssl', ['x509', '-in', pem, '-noout', '-text']);
    expect(stdout).toMatch(/Subject: CN\s*=\s*Bayou Web Works, O\s*=\s*Bayou Web Works/);
    expect(stdout).toMatch(/Issuer: CN\s*=\s*Bayou Web Works/);
    expect(stdout).toContain('Public-Key: (3072 bit)');
    expect(stdout).toMatch(/Key Usage: critical\s+Digital Signature, Non Repudiation/);
    expect(stdout).toContain('sha256WithRSAEncryption');
    const notAfter = /Not After\s*:\s*(.+)/.exec(stdout)?.[1];
    expect(new Date(notAfter!).getUTCFullYear()).toBe(now.getUTCFullYear() + 10);
  });

  it('given as PROPOSAL_SIGNING_P12 (made by openssl): seals under its own name', async () => {
    const key = path.join(dir, 'given.key');
    const cert = path.join(dir, 'given.pem');
    const bundle = path.join(dir, 'given.p12');
    await run('openssl', [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      key,
      '-out',
      cert,
      '-days',
      '30',
      '-subj',
      '/CN=Bayou Web Works LLC/O=Bayou Web Works LLC',
    ]);
    await run('openssl', [
      'pkcs12',
      '-export',
      '-inkey',
      key,
      '-in',
      cert,
      '-out',
      bundle,
      '-passout',
      'pass:given secret',
    ]);
    const given = { p12: await fs.readFile(bundle), passphrase: 'given secret' };
    const credentials = createSigningCredentials({
      repository: untouchable,
      given,
      agencyName: async () => 'Not this name',
    });
    expect((await credentials()).name).toBe('Bayou Web Works LLC');

    const sealed = await createPdfSealer(credentials).seal(await onePagePdf(), 'Signed');
    expect(sealed.toString('latin1')).toContain('/Name (Bayou Web Works LLC)');
    const verdict = await opensslVerifyPdf(sealed, { caFile: cert });
    expect(verdict.output).toContain('Verification successful');
  });

  it('given with the wrong password: says which setting to check', async () => {
    const { p12 } = await makeSelfSignedP12('Bayou Web Works', { now: new Date(), keyBits: 2048 });
    const credentials = createSigningCredentials({
      repository: untouchable,
      given: { p12, passphrase: 'wrong' },
      agencyName: async () => 'Bayou Web Works',
    });
    await expect(credentials()).rejects.toThrow(
      'PROPOSAL_SIGNING_P12 cannot be opened with PROPOSAL_SIGNING_P12_PASSWORD',
    );
  });
});
