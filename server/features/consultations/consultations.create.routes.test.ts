import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConsultationRequestSchema } from '@shared/schemas/consultations';
import { consultations } from '../../db/schema';
import { signedInAdmin } from '@tests/factories';
import { startTestApp, type TestApp } from '@tests/support/test-app';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInAdmin>>['agent'];
beforeAll(async () => {
  t = await startTestApp();
  admin = (await signedInAdmin(t.app, t.database)).agent;
});
afterAll(async () => {
  await t.close();
});

describe('POST /api/admin/consultations', () => {
  it("stores the admin's request (a marketing-tool lead) as a new request and answers it", async () => {
    const res = await admin.post('/api/admin/consultations').send({
      name: 'Bayou Dental',
      email: ' Front.Desk@BayouDental.example ',
      business: 'Bayou Dental',
      phone: '(225) 555-0142',
      details: 'From the marketing tool (OpenStreetMap): 12 Main St, Baton Rouge. Website: N/A.',
    });
    expect(res.status).toBe(201);
    expect(ConsultationRequestSchema.parse(res.body)).toMatchObject({
      name: 'Bayou Dental',
      email: 'front.desk@bayoudental.example',
      businessName: 'Bayou Dental',
      phone: '(225) 555-0142',
      status: 'new',
    });
    const rows = await t.database.db.select().from(consultations);
    expect(rows.find((row) => row.id === res.body.id)).toMatchObject({
      email: 'front.desk@bayoudental.example',
      details: 'From the marketing tool (OpenStreetMap): 12 Main St, Baton Rouge. Website: N/A.',
    });
    // It is in the list the requests screen shows.
    const list = await admin.get('/api/admin/consultations');
    const listed = Array.isArray(list.body) ? list.body : list.body.items;
    expect(listed.map((row: { id: string }) => row.id)).toContain(res.body.id);
  });

  it('needs an e-mail address, as every request does, and stores nothing without one', async () => {
    const before = (await t.database.db.select().from(consultations)).length;
    for (const [body, message] of [
      [{ name: 'No Mail Bakery' }, 'Email is required'],
      [{ name: 'No Mail Bakery', email: 'not an address' }, 'Please enter a valid email address'],
      [{ name: ' ', email: 'a@b.co' }, 'Name is required'],
    ] as const) {
      const res = await admin.post('/api/admin/consultations').send(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toBe(message);
    }
    expect(await t.database.db.select().from(consultations)).toHaveLength(before);
  });

  it('is for the admin only (the matrix in tests/security checks every caller)', async () => {
    const res = await request(t.app)
      .post('/api/admin/consultations')
      .send({ name: 'Ann', email: 'ann@example.com' });
    expect(res.status).toBe(401);
  });
});
