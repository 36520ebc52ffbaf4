import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '@tests/support/test-database';
import type { DatabaseHandle } from '../../db/client';
import { oidcPayloads } from '../../db/schema';
import { createOidcAdapterClass, pruneExpiredOidcPayloads } from './identity.repository';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe("the provider's storage", () => {
  it('finds what it stored, marks consumption, and prunes only what has expired', async () => {
    const Adapter = createOidcAdapterClass(database.db);
    const codes = new Adapter('AuthorizationCode');
    await codes.upsert('live', { grantId: 'g1', accountId: 'a' }, 60);
    await codes.upsert('stale', { grantId: 'g2', accountId: 'a' }, 60);
    await database.executeSql(
      "update oidc_payloads set expires_at = now() - interval '1 minute' where id = 'stale'",
    );

    expect(await codes.find('stale')).toBeUndefined();
    await codes.consume('live');
    expect((await codes.find('live'))?.consumed).toEqual(expect.any(Number));

    await pruneExpiredOidcPayloads(database.db);
    const ids = (await database.db.select().from(oidcPayloads)).map((row) => row.id);
    expect(ids).toEqual(['live']);

    await codes.revokeByGrantId('g1');
    expect(await codes.find('live')).toBeUndefined();
  });
});
