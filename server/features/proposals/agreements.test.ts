import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AGREEMENT_ISSUER,
  CONSENT_SHA256,
  insertSignedProposal,
  SIGNED_DOCUMENT_SHA256,
} from '@tests/support/agreement-fixtures';
import {
  certificatesOfSignature,
  opensslVerifyPdf,
  pdfSignature,
} from '@tests/support/pdf-signature';
import { pdfText } from '@tests/support/pdf-text';
import { openTestDatabase } from '@tests/support/test-database';
import type { DatabaseHandle } from '../../db/client';
import { proposals, secrets } from '../../db/schema';
import { createDiskStorage } from '../../lib/file-storage';
import { AGREEMENT_NOT_SIGNED, createAgreements } from './agreements';
import { createAgreementsRepository } from './agreements.repository';
import { createPdfSealer } from './pdf-seal';
import { createSigningCredentials } from './signing-credentials';
import { createSigningCredentialsRepository } from './signing-credentials.repository';

let database: DatabaseHandle;
let dir: string;

/** What one server process builds: its own credentials cache, sealer and agreements. */
function serverProcess() {
  const credentials = createSigningCredentials({
    repository: createSigningCredentialsRepository(database.db),
    given: undefined,
    agencyName: async () => AGREEMENT_ISSUER.businessName,
  });
  return createAgreements({
    repository: createAgreementsRepository(database.db),
    files: createDiskStorage(dir),
    sealer: createPdfSealer(credentials),
    issuer: async () => AGREEMENT_ISSUER,
  });
}

const sha256 = (bytes: Buffer) => crypto.createHash('sha256').update(bytes).digest('hex');
const storedFiles = async () => (await fs.readdir(dir).catch(() => [])).sort();

beforeAll(async () => {
  database = await openTestDatabase();
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'agreements-'));
});
afterAll(async () => {
  await database.close();
  await fs.rm(dir, { recursive: true, force: true });
});

describe('the sealed agreement of a signed proposal', () => {
  it('is made once, sealed, stored, and the same file on every download', async () => {
    const agreements = serverProcess();
    const proposalId = await insertSignedProposal(database);
    expect(await agreements.read(proposalId)).toBeNull();

    const first = await agreements.ensure(proposalId);
    const again = await agreements.ensure(proposalId);
    expect(again).toEqual(first);

    const [row] = await database.db.select().from(proposals).where(eq(proposals.id, proposalId));
    expect(row).toMatchObject({ agreementKey: first.key, agreementSha256: first.sha256 });
    expect(await storedFiles()).toEqual([first.key]);

    const pdf = (await agreements.read(proposalId))!;
    expect(sha256(pdf)).toBe(first.sha256);
    expect((await serverProcess().read(proposalId))!.equals(pdf)).toBe(true);

    // The version signed, with its evidence up to the signature (the later payment is not).
    const text = await pdfText(pdf);
    expect(text).toContain('Website rebuild and care for Broussard Bakery');
    expect(text).toContain('Version 2');
    expect(text).toContain('Logo refresh');
    expect(text).toContain(SIGNED_DOCUMENT_SHA256);
    expect(text).toContain(CONSENT_SHA256);
    expect(text).toContain('Sent (version 1)');
    expect(text).toContain('Changed (version 2)');
    expect(text).toContain('IP address: 203.0.113.42');
    expect(text).not.toContain('INV-2026-0042');

    // Sealed: openssl accepts it, and refuses a copy with one byte changed.
    expect((await opensslVerifyPdf(pdf)).ok).toBe(true);
    const tampered = Buffer.from(pdf);
    const at = Math.floor(pdfSignature(pdf).byteRange[1] / 3);
    tampered[at] = tampered[at]! ^ 0x20;
    expect((await opensslVerifyPdf(tampered)).ok).toBe(false);
  });

  it('is one file when two processes make it at the same time', async () => {
    const proposalId = await insertSignedProposal(database, { drawn: null });
    const before = await storedFiles();
    const one = serverProcess();
    const other = serverProcess();
    const made = await Promise.all([
      one.ensure(proposalId),
      other.ensure(proposalId),
      one.ensure(proposalId),
    ]);
    expect(new Set(made.map((file) => file.key)).size).toBe(1);
    expect(new Set(made.map((file) => file.sha256)).size).toBe(1);
    // The loser's file is removed again: one new file in the store.
    const added = (await storedFiles()).filter((name) => !before.includes(name));
    expect(added).toEqual([made[0]!.key]);
    const [fromOne, fromOther] = await Promise.all([one.read(proposalId), other.read(proposalId)]);
    expect(fromOne!.equals(fromOther!)).toBe(true);
    expect(sha256(fromOne!)).toBe(made[0]!.sha256);
  });

  it('is sealed by every process with the one certificate kept in the database', async () => {
    // As on a new install: two processes make a certificate at once, the first kept wins.
    await database.db.delete(secrets).where(eq(secrets.name, 'proposal-signing-p12'));
    const [firstId, secondId] = [
      await insertSignedProposal(database),
      await insertSignedProposal(database),
    ];
    const made = await Promise.all([
      serverProcess().ensure(firstId),
      serverProcess().ensure(secondId),
    ]);
    expect(made[0].key).not.toBe(made[1].key);
    const reader = serverProcess();
    const certificates = await Promise.all(
      [firstId, secondId].map(async (id) =>
        certificatesOfSignature(pdfSignature((await reader.read(id))!).der),
      ),
    );
    expect(certificates[0]).toContain('Bayou Web Works');
    expect(certificates[1]).toBe(certificates[0]);
    const kept = await database.db
      .select()
      .from(secrets)
      .where(eq(secrets.name, 'proposal-signing-p12'));
    expect(kept).toHaveLength(1);
  });

  it('is refused before the proposal is signed, and for no proposal at all', async () => {
    const [draft] = await database.db
      .insert(proposals)
      .values({
        title: 'Not signed yet',
        recipientName: 'Ana Vidal',
        recipientEmail: 'ana@example.com',
        validUntil: '2026-12-31',
      })
      .returning({ id: proposals.id });
    const agreements = serverProcess();
    await expect(agreements.ensure(draft!.id)).rejects.toMatchObject({
      status: 409,
      message: AGREEMENT_NOT_SIGNED,
    });
    await expect(agreements.ensure(crypto.randomUUID())).rejects.toMatchObject({ status: 404 });
    expect(await agreements.read(draft!.id)).toBeNull();
  });
});
