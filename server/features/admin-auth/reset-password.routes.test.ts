import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin } from '@tests/factories';
import { startTestApp, type TestApp } from '@tests/support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('POST /api/admin/reset-password', () => {
  it('checks the current password, applies the length rule, and ends the other sessions', async () => {
    const { admin, password } = await createAdmin(t.database);
    const here = request.agent(t.app);
    const elsewhere = request.agent(t.app);
    for (const agent of [here, elsewhere]) {
      const res = await agent.post('/api/admin/login').send({ email: admin.email, password });
      expect(res.status).toBe(200);
    }

    const wrong = await here
      .post('/api/admin/reset-password')
      .send({ currentPassword: 'not-my-password', newPassword: 'a-new-password' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('Current password is incorrect');
    const short = await here
      .post('/api/admin/reset-password')
      .send({ currentPassword: password, newPassword: 'short' });
    expect(short.status).toBe(400);
    expect(short.body.message).toBe('Password must be at least 8 characters long');
    expect((await elsewhere.get('/api/admin/me')).status).toBe(200);

    const ok = await here
      .post('/api/admin/reset-password')
      .send({ currentPassword: password, newPassword: 'a-new-password' });
    expect(ok.status).toBe(200);
    expect((await here.get('/api/admin/me')).status).toBe(200);
    expect((await elsewhere.get('/api/admin/me')).status).toBe(401);

    const old = await request(t.app)
      .post('/api/admin/login')
      .send({ email: admin.email, password });
    expect(old.status).toBe(401);
    const fresh = await request(t.app)
      .post('/api/admin/login')
      .send({ email: admin.email, password: 'a-new-password' });
    expect(fresh.status).toBe(200);
  });
});
