import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseUrl } from '../../server/config';
import {
  PROCESS_ADMIN,
  processDatabase,
  startServerProcess,
  type ProcessDatabase,
  type ServerProcess,
} from '../support/server-process';

const TOO_MANY = /^Too many sign-in attempts\. Please try again in \d+ minutes?\.$/;

/**
 * Two server processes on one PostgreSQL database: the rate limits count in the database, so
 * failed admin sign-ins alternating between them stop at 10 in all, not 10 on each.
 */
describe.skipIf(!testDatabaseUrl())('rate limits shared by two app instances', () => {
  let database: ProcessDatabase;
  const instances: ServerProcess[] = [];

  beforeAll(async () => {
    database = await processDatabase();
    instances.push(
      ...(await Promise.all([startServerProcess(database.env), startServerProcess(database.env)])),
    );
  }, 120_000);
  afterAll(async () => {
    await Promise.all(instances.map((instance) => instance.kill()));
    await database?.drop();
  });

  async function signIn(instance: ServerProcess, password: string) {
    const res = await fetch(`${instance.baseUrl}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: PROCESS_ADMIN.email, password }),
    });
    return { status: res.status, message: ((await res.json()) as { message?: string }).message };
  }

  it('limits failed admin sign-ins alternating between the two at 10 in total', async () => {
    const [a, b] = instances as [ServerProcess, ServerProcess];
    const answers = [];
    for (let attempt = 0; attempt < 14; attempt += 1) {
      answers.push(await signIn(attempt % 2 === 0 ? a : b, `wrong password ${attempt}`));
    }
    expect(answers.slice(0, 10).map((answer) => answer.status)).toEqual(Array(10).fill(401));
    // Each instance saw only 5 of the 10 failures, and still refuses the next ones.
    for (const answer of answers.slice(10)) {
      expect(answer.status).toBe(429);
      expect(answer.message).toMatch(TOO_MANY);
    }
    // The right password waits too, on either instance.
    expect((await signIn(a, PROCESS_ADMIN.password)).status).toBe(429);
    expect((await signIn(b, PROCESS_ADMIN.password)).status).toBe(429);

    // One count per key for both instances: all 16 attempts from this address, as many at
    // this e-mail from this address, and the 10 about this e-mail that got past those.
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ key: string; hits: number }>(
        "select key, hits from rate_limit_hits where key like 'admin-sign-in:%'",
      );
      expect(rows.sort((a, b) => (a.key < b.key ? -1 : 1))).toEqual([
        { key: `admin-sign-in:account-ip:127.0.0.1|${PROCESS_ADMIN.email}`, hits: 16 },
        { key: `admin-sign-in:account:${PROCESS_ADMIN.email}`, hits: 10 },
        { key: 'admin-sign-in:ip:127.0.0.1', hits: 16 },
      ]);
    } finally {
      await client.end();
    }
  }, 60_000);
});
