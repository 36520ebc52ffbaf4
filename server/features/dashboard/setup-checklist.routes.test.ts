import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInAdmin, signedInClient } from '@tests/factories';
import { startTestApp, type TestApp } from '@tests/support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const business = {
  businessName: 'Bayou Web Works',
  businessEmail: 'team@bayouweb.example',
  businessPhone: '',
  businessCity: 'Biloxi',
  businessState: 'MS',
  businessWebsite: '',
};

const doneOf = (body: { steps: Array<{ step: string; done: boolean }> }) =>
  Object.fromEntries(body.steps.map(({ step, done }) => [step, done]));

describe('GET /api/admin/setup-checklist', () => {
  it('is for the admin only', async () => {
    expect((await request(t.app).get('/api/admin/setup-checklist')).status).toBe(401);
  });

  it('starts with nothing done and ticks each step off from the real state', async () => {
    const { agent } = await signedInAdmin(t.app, t.database);
    const fresh = await agent.get('/api/admin/setup-checklist');
    expect(fresh.status).toBe(200);
    expect(fresh.body.steps.map((s: { step: string }) => s.step)).toEqual([
      'businessDetails',
      'payments',
      'mail',
      'legalPages',
      'website',
      'firstClient',
    ]);
    expect(doneOf(fresh.body)).toEqual({
      businessDetails: false,
      payments: false,
      mail: false,
      legalPages: false,
      website: false,
      firstClient: false,
    });

    // Saved details without instructions: no way to pay yet (no Stripe here).
    expect((await agent.put('/api/admin/settings').send(business)).status).toBe(200);
    expect(doneOf((await agent.get('/api/admin/setup-checklist')).body)).toMatchObject({
      businessDetails: true,
      payments: false,
    });

    await agent
      .put('/api/admin/settings')
      .send({ ...business, paymentInstructions: 'Bank transfer to Bayou Web Works' });
    await signedInClient(t.baseUrl);
    expect(doneOf((await agent.get('/api/admin/setup-checklist')).body)).toEqual({
      businessDetails: true,
      payments: true,
      mail: false,
      legalPages: false,
      website: false,
      firstClient: true,
    });

    // The site's own words: no sample portfolio item or testimonial is published any more.
    const { draft } = (await agent.get('/api/admin/site-content')).body;
    const own = {
      ...draft,
      portfolio: { ...draft.portfolio, items: [] },
      testimonials: { ...draft.testimonials, items: [] },
    };
    expect((await agent.put('/api/admin/site-content').send(own)).status).toBe(200);
    expect(doneOf((await agent.get('/api/admin/setup-checklist')).body).website).toBe(false);
    expect((await agent.post('/api/admin/site-content/publish')).status).toBe(200);
    expect(doneOf((await agent.get('/api/admin/setup-checklist')).body).website).toBe(true);
  });

  it('counts SMTP as outgoing mail and Stripe as a way to pay', async () => {
    const configured = await startTestApp({
      SMTP_URL: 'smtp://127.0.0.1:2525',
      STRIPE_SECRET_KEY: 'sk_test_checklist',
      STRIPE_WEBHOOK_SECRET: 'whsec_checklist',
      STRIPE_API_URL: 'http://127.0.0.1:9',
    });
    try {
      const { agent } = await signedInAdmin(configured.app, configured.database);
      expect(doneOf((await agent.get('/api/admin/setup-checklist')).body)).toEqual({
        businessDetails: false,
        payments: true,
        mail: true,
        legalPages: false,
        website: false,
        firstClient: false,
      });
    } finally {
      await configured.close();
    }
  });
});
