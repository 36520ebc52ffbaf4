import { eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  AdminLegalPageSchema,
  LegalPageSchema,
  MAX_LEGAL_MARKDOWN,
} from '@shared/schemas/legal-pages';
import { auditEvents, legalPages } from '../../db/schema';
import { signedInAdmin, signedInClient } from '@tests/factories';
import { expectJson } from '@tests/support/expect-json';
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
beforeEach(async () => {
  await t.database.db.delete(legalPages);
});

const business = {
  businessName: 'Bayou *Web* Works',
  businessEmail: 'team@bayouweb.example',
  businessPhone: '',
  businessCity: 'Biloxi',
  businessState: 'MS',
  businessWebsite: '',
};

/** A 200 answer, read with the shared schema. */
function ok<Schema extends Parameters<typeof expectJson>[1]>(
  res: { status: number; body: unknown },
  schema: Schema,
) {
  expect(res.status, JSON.stringify(res.body).slice(0, 200)).toBe(200);
  return expectJson(res, schema);
}

const publicPage = async (page: string) =>
  ok(await request(t.app).get(`/api/legal-pages/${page}`), LegalPageSchema);

describe('GET /api/legal-pages/{page}', () => {
  it('gives everyone the default Privacy Policy, naming what the product stores and the business', async () => {
    const privacy = await publicPage('privacy');
    expect(privacy).toMatchObject({
      page: 'privacy',
      title: 'Privacy Policy',
      isDefault: true,
      updatedAt: null,
    });
    for (const stored of [
      '## What we keep',
      'Coast & Code Studio',
      'hello@coastandcode.studio',
      '**Consultation requests.**',
      '**Your account.**',
      '**Plans, invoices and payments.**',
      '**Support tickets.**',
      '**E-mails.**',
      '## Card payments',
      'Stripe',
      '## Cookies',
      'a session cookie',
      'no advertising or tracking cookies',
    ]) {
      expect(privacy.markdown, stored).toContain(stored);
    }
  });

  it('gives the default Terms of Service, which follow the business details as they change', async () => {
    expect((await publicPage('terms')).markdown).toContain('## Plans, invoices and payment');
    expect((await admin.put('/api/admin/settings').send(business)).status).toBe(200);
    const terms = await publicPage('terms');
    expect(terms).toMatchObject({ title: 'Terms of Service', isDefault: true });
    // The name as written: its asterisks are not emphasis.
    expect(terms.markdown).toContain(
      'Bayou \\*Web\\* Works, Biloxi, MS. E-mail: team@bayouweb.example.',
    );
    expect(terms.markdown).not.toContain('Coast & Code Studio');
  });

  it('answers 404 for a page that does not exist', async () => {
    const res = await request(t.app).get('/api/legal-pages/cookies');
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Page not found');
  });
});

describe('PUT /api/admin/legal-pages/{page}', () => {
  it("publishes the owner's Markdown, audited, and Reset to default brings the default back", async () => {
    const before = await ok(await admin.get('/api/admin/legal-pages/terms'), AdminLegalPageSchema);
    expect(before.isDefault).toBe(true);
    expect(before.markdown).toBe(before.defaultMarkdown);

    const text = '# Terms of Service\n\nBe kind. Pay on time.';
    const saved = await ok(
      await admin.put('/api/admin/legal-pages/terms').send({ markdown: `  ${text}\n` }),
      AdminLegalPageSchema,
    );
    expect(saved).toMatchObject({ page: 'terms', markdown: text, isDefault: false });
    expect(saved.defaultMarkdown).toBe(before.defaultMarkdown);
    const published = await publicPage('terms');
    expect(published).toMatchObject({ markdown: text, isDefault: false });
    expect(Date.now() - Date.parse(published.updatedAt!)).toBeLessThan(60_000);
    // The other page is untouched.
    expect((await publicPage('privacy')).isDefault).toBe(true);

    const reset = await ok(
      await admin.put('/api/admin/legal-pages/terms').send({ markdown: null }),
      AdminLegalPageSchema,
    );
    expect(reset).toMatchObject({ markdown: before.defaultMarkdown, isDefault: true });
    expect((await publicPage('terms')).markdown).toBe(before.defaultMarkdown);

    const events = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.kind, 'legal_page.updated'));
    expect(events.map((event) => [event.targetId, event.before, event.after])).toEqual([
      ['terms', { markdown: null }, { markdown: text }],
      ['terms', { markdown: text }, { markdown: null }],
    ]);
  });

  it('refuses what is not a page text, up to the size limit, and changes nothing', async () => {
    for (const [body, message] of [
      [{}, 'The page must be text'],
      [{ markdown: 42 }, 'The page must be text'],
      [{ markdown: '   ' }, 'Write the page, or reset it to the default text'],
      [
        { markdown: 'x'.repeat(MAX_LEGAL_MARKDOWN + 1) },
        'The page must be at most 20,000 characters',
      ],
    ] as const) {
      const res = await admin.put('/api/admin/legal-pages/privacy').send(body);
      expect(res.status, JSON.stringify(body).slice(0, 40)).toBe(400);
      expect(res.body.message).toBe(message);
    }
    const unknown = await admin.put('/api/admin/legal-pages/cookies').send({ markdown: 'Hi' });
    expect(unknown.status).toBe(404);
    expect(await t.database.db.select().from(legalPages)).toEqual([]);
    expect((await publicPage('privacy')).isDefault).toBe(true);

    // The limit itself is allowed.
    const longest = 'x'.repeat(MAX_LEGAL_MARKDOWN);
    expect(
      (await admin.put('/api/admin/legal-pages/privacy').send({ markdown: longest })).status,
    ).toBe(200);
    expect((await publicPage('privacy')).markdown).toBe(longest);
  });

  it('stores markup as the text it is: the public answer is JSON, never a page', async () => {
    const hostile =
      '# Hi\n\n<script>alert(1)</script>\n\n[click](javascript:alert(1)) <img src=x onerror=alert(1)>';
    expect(
      (await admin.put('/api/admin/legal-pages/privacy').send({ markdown: hostile })).status,
    ).toBe(200);
    const res = await request(t.app).get('/api/legal-pages/privacy');
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body.markdown).toBe(hostile);
  });

  it('is for the admin only: no one else reads the admin view or saves', async () => {
    const client = await signedInClient(t.baseUrl);
    for (const [method, path, body] of [
      ['GET', '/api/admin/legal-pages/terms', undefined],
      ['PUT', '/api/admin/legal-pages/terms', { markdown: 'Owned.' }],
    ] as const) {
      expect((await client.browser.request(method, path, body)).status).toBe(401);
      const anonymous = await request(t.app)[method === 'GET' ? 'get' : 'put'](path).send(body);
      expect(anonymous.status).toBe(401);
    }
    expect((await publicPage('terms')).isDefault).toBe(true);
  });
});

describe('the set-up checklist', () => {
  const legalStep = async () =>
    (await admin.get('/api/admin/setup-checklist')).body.steps.find(
      (step: { step: string }) => step.step === 'legalPages',
    ).done;

  it('ticks the legal pages off once both are saved, a reset to the default text included', async () => {
    expect(await legalStep()).toBe(false);
    await admin.put('/api/admin/legal-pages/privacy').send({ markdown: '# Privacy\n\nOurs.' });
    expect(await legalStep()).toBe(false);
    await admin.put('/api/admin/legal-pages/terms').send({ markdown: null });
    expect(await legalStep()).toBe(true);
  });
});
