import type { Express } from 'express';
import request from 'supertest';
import type { DatabaseHandle } from '../server/db/client';
import { createAdminRepository } from '../server/features/admin-auth/admin-auth.repository';
import { createAdminAuthService } from '../server/features/admin-auth/admin-auth.service';

let sequence = 0;
const next = () => (sequence += 1);

export interface AdminFixture {
  email: string;
  password: string;
  firstName?: string;
  lastName?: string;
}

export async function createAdmin(database: DatabaseHandle, overrides: Partial<AdminFixture> = {}) {
  const n = next();
  const input = {
    email: `owner${n}@example.com`,
    password: `correct horse ${n}`,
    firstName: 'Morgan',
    ...overrides,
  };
  const admin = await createAdminAuthService(createAdminRepository(database.db)).create(input);
  return { admin, password: input.password };
}

export function newClientAccount(
  overrides: Partial<{ firstName: string; lastName: string; email: string; password: string }> = {},
) {
  const n = next();
  return {
    firstName: 'Camille',
    lastName: 'Broussard',
    email: `camille${n}.${Date.now()}@example.com`,
    password: 'bayou-breeze-42',
    ...overrides,
  };
}

/** A supertest agent holding a fresh admin's session cookie. */
export async function signedInAdmin(app: Express, database: DatabaseHandle) {
  const { admin, password } = await createAdmin(database);
  const agent = request.agent(app);
  const res = await agent.post('/api/admin/login').send({ email: admin.email, password });
  if (res.status !== 200) throw new Error(`admin sign-in failed: ${res.status}`);
  return { agent, admin };
}
