import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { consultations } from '../../db/schema';
import { createClient, signedInAdmin } from '@tests/factories';
import { startTestApp, type TestApp } from '@tests/support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ TRUST_PROXY: 'true' });
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.database.db.delete(consultations);
});

let ip = 0;
const post = (body: object) =>
  request(t.app)
    .post('/api/consultations')
    .set('X-Forwarded-For', `203.0.113.${(ip += 1)}`)
    .send(body);

describe('POST /api/consultations', () => {
  it("stores a request with status 'new' and its created time", async () => {
    const res = await post({
      name: '  Marie Thibodeaux ',
      email: 'Marie@Example.com',
      business: 'Thibodeaux Catering',
      phone: '225-555-0142',
      details: 'A new site with online ordering.',
    });
    expect(res.status).toBe(201);
    const rows = await t.database.db.select().from(consultations);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      name: 'Marie Thibodeaux',
      email: 'marie@example.com',
      businessName: 'Thibodeaux Catering',
      phone: '225-555-0142',
      details: 'A new site with online ordering.',
      status: 'new',
    });
    expect(Date.now() - rows[0]!.createdAt.getTime()).toBeLessThan(60_000);
  });

  it('refuses a request without name or a valid e-mail and stores nothing', async () => {
    const noName = await post({ name: ' ', email: 'a@b.co' });
    expect(noName.status).toBe(400);
    expect(noName.body.message).toBe('Name is required');
    const badEmail = await post({ name: 'Ann', email: 'nope' });
    expect(badEmail.status).toBe(400);
    expect(badEmail.body.message).toBe('Please enter a valid email address');
    expect(await t.database.db.select().from(consultations)).toHaveLength(0);
  });

  it('accepts and silently drops a request whose honeypot is filled', async () => {
    const res = await post({
      name: 'Bot',
      email: 'bot@spam.example',
      website: 'http://spam.example',
    });
    expect(res.status).toBe(201);
    expect(await t.database.db.select().from(consultations)).toHaveLength(0);
  });

  it('records the plan whose pricing button was pressed, and refuses one that is not a plan', async () => {
    expect(
      (await post({ name: 'Odile', email: 'odile@example.com', planId: 'signature' })).status,
    ).toBe(201);
    const bad = await post({ name: 'Remy', email: 'remy@example.com', planId: 'platinum' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Choose one of the plans');
    const rows = await t.database.db.select().from(consultations);
    expect(rows.map((row) => [row.email, row.planId])).toEqual([
      ['odile@example.com', 'signature'],
    ]);

    const { agent } = await signedInAdmin(t.app, t.database);
    const [listed] = (await agent.get('/api/admin/consultations')).body.items;
    expect(listed).toMatchObject({
      email: 'odile@example.com',
      planId: 'signature',
      requestCount: 1,
    });
  });

  it('merges a repeat from the same address within a day into the first, whatever its connection', async () => {
    await post({
      name: 'Odile',
      email: 'odile@example.com',
      phone: '337-555-0101',
      details: 'A bakery site.',
    });
    await post({
      name: 'Odile Broussard',
      email: 'ODILE@example.com',
      business: 'Broussard Bakery',
      details: 'With online orders, please.',
      planId: 'prestige',
    });
    const rows = await t.database.db.select().from(consultations);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      name: 'Odile Broussard',
      email: 'odile@example.com',
      businessName: 'Broussard Bakery',
      phone: '337-555-0101',
      planId: 'prestige',
      requestCount: 2,
    });
    expect(rows[0]!.details).toMatch(
      /^A bakery site\.\n\nAsked again on [A-Z][a-z]{2} \d{1,2}, \d{4} at \d{1,2}:\d{2} [AP]M [A-Z]{3,4}:\nWith online orders, please\.$/,
    );

    // A day after the first, the address's next request is a request of its own.
    await t.database.db
      .update(consultations)
      .set({ createdAt: new Date(Date.now() - 25 * 60 * 60 * 1000) });
    await post({ name: 'Odile', email: 'odile@example.com' });
    const after = await t.database.db.select().from(consultations);
    expect(after.map((row) => row.requestCount).sort()).toEqual([1, 2]);
  });

  it('limits each IP address to 5 requests an hour', async () => {
    const agent = () =>
      request(t.app).post('/api/consultations').set('X-Forwarded-For', '198.51.100.7');
    for (let n = 0; n < 5; n += 1) {
      expect((await agent().send({ name: `Ann ${n}`, email: `ann${n}@example.com` })).status).toBe(
        201,
      );
    }
    const blocked = await agent().send({ name: 'Ann 6', email: 'ann6@example.com' });
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toMatch(/Too many requests/);
    expect(await t.database.db.select().from(consultations)).toHaveLength(5);
  });
});

describe('GET /api/admin/consultations', () => {
  it('is for the admin only', async () => {
    const res = await request(t.app).get('/api/admin/consultations');
    expect(res.status).toBe(401);
  });

  it('lists every request, newest first, with its status and created time', async () => {
    await post({ name: 'First', email: 'first@example.com' });
    await post({ name: 'Second', email: 'second@example.com', phone: '601-555-0100' });
    const { agent } = await signedInAdmin(t.app, t.database);
    const res = await agent.get('/api/admin/consultations');
    expect(res.status).toBe(200);
    expect(res.body.items.map((row: { name: string }) => row.name)).toEqual(['Second', 'First']);
    expect(res.body).toMatchObject({ total: 2, page: 1, pageSize: 25 });
    expect(res.body.items[0]).toMatchObject({
      email: 'second@example.com',
      phone: '601-555-0100',
      businessName: null,
      status: 'new',
      clientId: null,
    });
    expect(new Date(res.body.items[0].createdAt).toString()).not.toBe('Invalid Date');
  });

  it('searches name, e-mail, business and phone, filters by status, pages, and links a client', async () => {
    await t.database.db.delete(consultations);
    for (let n = 0; n < 12; n++) {
      await post({
        name: `Person ${n}`,
        email: `person${n}@example.com`,
        business: n % 4 === 0 ? 'Crescent City Bakery' : `Shop ${n}`,
        phone: n === 7 ? '504-555-0177' : '',
      });
    }
    const { agent } = await signedInAdmin(t.app, t.database);
    const get = async (query: string) =>
      (await agent.get(`/api/admin/consultations?${query}`)).body;
    const names = (page: { items: Array<{ name: string }> }) => page.items.map((r) => r.name);

    expect(names(await get('q=crescent%20city'))).toEqual(['Person 8', 'Person 4', 'Person 0']);
    expect(names(await get('q=PERSON11@'))).toEqual(['Person 11']);
    expect(names(await get('q=555-0177'))).toEqual(['Person 7']);
    expect(await get('pageSize=5&page=3')).toMatchObject({ total: 12, page: 3, pageSize: 5 });
    expect(names(await get('pageSize=5&page=3'))).toEqual(['Person 1', 'Person 0']);

    const [first] = (await get('q=person3@')).items;
    await agent.patch(`/api/admin/consultations/${first.id}`).send({ status: 'contacted' });
    expect(names(await get('status=contacted'))).toEqual(['Person 3']);
    expect((await get('status=new')).total).toBe(11);
    const bad = await agent.get('/api/admin/consultations?status=maybe');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Status must be new, contacted, won or lost');

    // Once the person has an account with that e-mail, the request links to it.
    const client = await createClient(t.database, {
      email: 'Person3@Example.com',
      emailVerified: true,
    });
    expect((await get('q=person3@')).items[0].clientId).toBe(client.id);
    // ...and only that one: the others still have no account.
    const others = (await get('pageSize=100')).items.filter(
      (row: { email: string }) => row.email !== 'person3@example.com',
    );
    expect(others.map((row: { clientId: string | null }) => row.clientId)).toEqual(
      others.map(() => null),
    );
  });
});

describe('GET /api/admin/consultations/{id}', () => {
  it('answers one request with its plan and client account, 404 for an unknown one', async () => {
    await post({
      name: 'Ines Broussard',
      email: 'ines@example.com',
      business: 'Broussard Florals',
      planId: 'signature',
    });
    const client = await createClient(t.database, { email: 'ines@example.com' });
    const { agent } = await signedInAdmin(t.app, t.database);
    const [listed] = (await agent.get('/api/admin/consultations')).body.items;
    const res = await agent.get(`/api/admin/consultations/${listed.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(listed);
    expect(res.body).toMatchObject({
      name: 'Ines Broussard',
      email: 'ines@example.com',
      businessName: 'Broussard Florals',
      planId: 'signature',
      clientId: client.id,
    });
    const missing = await agent.get(
      '/api/admin/consultations/00000000-0000-4000-8000-000000000000',
    );
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Request not found');
    expect((await agent.get('/api/admin/consultations/nope')).status).toBe(404);
    expect((await request(t.app).get(`/api/admin/consultations/${listed.id}`)).status).toBe(401);
  });
});

describe('the owner follows up on requests', () => {
  it('counts the new ones and sets a status (new, contacted, won, lost), refusing others', async () => {
    await post({ name: 'Lena', email: 'lena@example.com' });
    await post({ name: 'Marc', email: 'marc@example.com' });
    const { agent } = await signedInAdmin(t.app, t.database);
    expect((await agent.get('/api/admin/consultations/summary')).body).toEqual({ new: 2 });

    const [lena] = (await agent.get('/api/admin/consultations')).body.items.filter(
      (row: { name: string }) => row.name === 'Lena',
    );
    const won = await agent.patch(`/api/admin/consultations/${lena.id}`).send({ status: 'won' });
    expect(won.status).toBe(200);
    expect(won.body).toMatchObject({ id: lena.id, status: 'won' });
    expect((await agent.get('/api/admin/consultations/summary')).body).toEqual({ new: 1 });

    const bad = await agent.patch(`/api/admin/consultations/${lena.id}`).send({ status: 'maybe' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Status must be new, contacted, won or lost');
    const missing = await agent
      .patch('/api/admin/consultations/00000000-0000-4000-8000-000000000000')
      .send({ status: 'lost' });
    expect(missing.status).toBe(404);
    expect(
      (await request(t.app).patch(`/api/admin/consultations/${lena.id}`).send({ status: 'lost' }))
        .status,
    ).toBe(401);
    const rows = await t.database.db.select().from(consultations);
    expect(rows.find((row) => row.id === lena.id)?.status).toBe('won');
  });
});
