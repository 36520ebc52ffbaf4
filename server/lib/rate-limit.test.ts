import express, { type RequestHandler } from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pollUntil } from '@tests/support/poll';
import { openTestDatabase } from '@tests/support/test-database';
import type { DatabaseHandle } from '../db/client';
import { errorHandler } from './errors';
import { createLogger } from './logger';
import {
  clientIp,
  createRateLimiter,
  limitPerIpAndEmail,
  loginRateLimit,
  SIGN_IN_LIMITS,
} from './rate-limit';
import { createRateLimitCounters, type RateLimitCounters } from './rate-limit-store';
import { createRateLimitRepository } from '../features/rate-limits/rate-limits.repository';

const logger = createLogger('silent');

let database: DatabaseHandle;
let counters: RateLimitCounters;
beforeAll(async () => {
  database = await openTestDatabase();
  counters = createRateLimitCounters(createRateLimitRepository(database.db), { logger });
});
afterAll(async () => {
  await database.close();
});

/**
 * An app whose POST /try answers with the status the body asks for, behind `limiters`;
 * TRUST_PROXY's one hop, so X-Forwarded-For poses as the client's address.
 */
function appBehind(limiters: RequestHandler[]) {
  const app = express();
  app.set('trust proxy', 1);
  app.use(express.json());
  app.post('/try', ...limiters, (req, res) => {
    res.status((req.body as { status?: number } | undefined)?.status ?? 200).json({ ok: true });
  });
  app.use(errorHandler(logger));
  return app;
}

describe('createRateLimiter', () => {
  it('lets `limit` requests per key through, then answers 429 with the message and the minutes left', async () => {
    const app = appBehind([
      createRateLimiter(counters, {
        name: 'plain',
        windowMs: 90 * 60_000,
        limit: 3,
        key: (req) => req.get('x-account'),
        message: (minutes) => `Wait ${minutes} minutes.`,
      }),
    ]);
    for (let n = 0; n < 3; n += 1) {
      expect((await request(app).post('/try').set('x-account', 'a')).status).toBe(200);
    }
    const blocked = await request(app).post('/try').set('x-account', 'a');
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({ message: 'Wait 90 minutes.' });
    expect(blocked.headers['ratelimit-policy']).toMatch(/^"plain"; q=3; w=5400; /);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(89 * 60);
    // Another key has its own count; a request without a key is not counted at all.
    expect((await request(app).post('/try').set('x-account', 'b')).status).toBe(200);
    for (let n = 0; n < 5; n += 1) expect((await request(app).post('/try')).status).toBe(200);
  });

  it('with skipSuccessfulRequests counts failures only', async () => {
    const app = appBehind([
      createRateLimiter(counters, {
        name: 'failures',
        windowMs: 15 * 60_000,
        limit: 10,
        skipSuccessfulRequests: true,
        key: clientIp,
        message: (minutes) => `Wait ${minutes} minutes.`,
      }),
    ]);
    const from = (ip: string, status: number) =>
      request(app).post('/try').set('X-Forwarded-For', ip).send({ status });
    for (let n = 0; n < 15; n += 1) expect((await from('10.1.0.1', 200)).status).toBe(200);
    // The successes are taken back once each answer has gone out.
    await pollUntil(
      async () => (await counters.store('failures').get!('10.1.0.1'))?.totalHits,
      (hits) => hits === 0,
      5_000,
    );
    for (let n = 0; n < 10; n += 1) expect((await from('10.1.0.1', 401)).status).toBe(401);
    const blocked = await from('10.1.0.1', 200);
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toBe('Wait 15 minutes.');
    expect((await from('10.1.0.2', 401)).status).toBe(401);
  });
});

describe('loginRateLimit', () => {
  const TOO_MANY = /^Too many sign-in attempts\. Please try again in 15 minutes\.$/;
  const signInApp = (name: string) => appBehind(loginRateLimit(counters, name));
  const attempt = (app: ReturnType<typeof appBehind>, ip: string, email: string, status = 401) =>
    request(app).post('/try').set('X-Forwarded-For', ip).send({ email, status });

  it('stops one address after 10 failures on an account, not the owner elsewhere', async () => {
    const app = signInApp('sign-in-a');
    for (let n = 0; n < SIGN_IN_LIMITS.accountAndAddress; n += 1) {
      expect((await attempt(app, '10.7.0.1', 'owner@example.com')).status).toBe(401);
    }
    const blocked = await attempt(app, '10.7.0.1', 'owner@example.com', 200);
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toMatch(TOO_MANY);
    // The stranger's failures do not lock the owner out from the owner's own address,
    expect((await attempt(app, '10.7.0.2', 'Owner@Example.com', 200)).status).toBe(200);
    // nor the stranger's address out of another account.
    expect((await attempt(app, '10.7.0.1', 'someone-else@example.com', 200)).status).toBe(200);
  });

  it('stops an account at 50 failures from any number of addresses', async () => {
    const app = signInApp('sign-in-b');
    for (let n = 0; n < SIGN_IN_LIMITS.account; n += 1) {
      const ip = `10.8.${n >> 3}.${n & 7}`;
      expect((await attempt(app, ip, 'target@example.com')).status).toBe(401);
    }
    const blocked = await attempt(app, '10.8.200.1', 'target@example.com', 200);
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toMatch(TOO_MANY);
    expect((await attempt(app, '10.8.200.1', 'other@example.com', 200)).status).toBe(200);
  });

  it('stops an address at 50 failures over any number of accounts', async () => {
    const app = signInApp('sign-in-c');
    for (let n = 0; n < SIGN_IN_LIMITS.address; n += 1) {
      expect((await attempt(app, '10.9.0.1', `user${n}@example.com`)).status).toBe(401);
    }
    const blocked = await attempt(app, '10.9.0.1', 'fresh@example.com', 200);
    expect(blocked.status).toBe(429);
    expect((await attempt(app, '10.9.0.2', 'fresh@example.com', 200)).status).toBe(200);
  });
});

describe('limitPerIpAndEmail', () => {
  it('counts per address and per e-mail (trimmed, any case), each on its own', async () => {
    const app = appBehind(
      limitPerIpAndEmail(counters, {
        name: 'sign-up',
        windowMs: 60_000,
        limit: 2,
        message: 'Too many sign-ups.',
      }),
    );
    const post = (ip: string, email?: string) =>
      request(app).post('/try').set('X-Forwarded-For', ip).send({ email });
    expect((await post('10.2.0.1', 'Jo@Example.com')).status).toBe(200);
    expect((await post('10.2.0.2', ' jo@example.com ')).status).toBe(200);
    const sameEmail = await post('10.2.0.3', 'JO@example.com');
    expect(sameEmail.status).toBe(429);
    expect(sameEmail.body).toEqual({ message: 'Too many sign-ups.' });

    expect((await post('10.2.0.9', 'a@example.com')).status).toBe(200);
    expect((await post('10.2.0.9', 'b@example.com')).status).toBe(200);
    expect((await post('10.2.0.9', 'c@example.com')).status).toBe(429);
    expect((await post('10.2.0.8')).status).toBe(200);
  });
});
