import express from 'express';
import request from 'supertest';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { errorHandler } from '../../lib/errors';
import { createLogger } from '../../lib/logger';
import { createRateLimitRepository } from '../rate-limits/rate-limits.repository';
import { createRateLimitCounters } from '../../lib/rate-limit-store';
import { openTestDatabase } from '@tests/support/test-database';
import type { DatabaseHandle } from '../../db/client';
import { createAdminRepository } from './admin-auth.repository';
import { requireAdmin } from './admin-auth.routes';
import { createAdminAuthService } from './admin-auth.service';
import { createAuditRepository } from '../audit/audit.repository';
import { createAuditService } from '../audit/audit.service';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

it('answers 401 to a request that reached it without any session, never a 500', async () => {
  const app = express();
  app.get(
    '/me',
    requireAdmin({
      service: createAdminAuthService(createAdminRepository(database.db), {
        audit: createAuditService(createAuditRepository(database.db)),
      }),
      absoluteLifetimeMs: 60_000,
      setupToken: undefined,
      twoFactorRequiredForAll: async () => false,
      mailDelivers: false,
      rateLimits: createRateLimitCounters(createRateLimitRepository(database.db), {
        logger: createLogger('silent'),
      }),
    }),
    (_req, res) => {
      res.json({ reached: true });
    },
  );
  app.use(errorHandler(createLogger('silent')));
  const res = await request(app).get('/me');
  expect(res.status).toBe(401);
  expect(res.body).toEqual({ message: 'Unauthorized' });
});
