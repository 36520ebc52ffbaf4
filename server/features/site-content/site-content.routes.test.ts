import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminSiteContentSchema, type SiteContent } from '@shared/schemas/site-content';
import { DEFAULT_PUBLIC_PLANS, DEFAULT_SITE_CONTENT } from '@shared/site-content-defaults';
import { auditEvents, siteContent } from '../../db/schema';
import { NOT_AN_IMAGE } from '../../lib/images';
import { signedInAdmin } from '@tests/factories';
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

const adminView = async () => {
  const res = await admin.get('/api/admin/site-content');
  expect(res.status).toBe(200);
  return expectJson(res, AdminSiteContentSchema);
};
const publicSnapshot = async () => (await request(t.app).get('/api/site-content').expect(200)).body;

/** The agency of the trial: Mobile, Alabama, its own words, no made-up clients. */
const MOBILE: SiteContent = {
  ...DEFAULT_SITE_CONTENT,
  hero: {
    ...DEFAULT_SITE_CONTENT.hero,
    eyebrow: 'Web design for the Gulf Coast of Alabama',
    title: 'Websites for Mobile Bay',
  },
  area: { served: ['Alabama', 'Florida'], basedIn: 'Mobile' },
  stats: [{ value: '40+', label: 'sites launched' }],
  portfolio: { ...DEFAULT_SITE_CONTENT.portfolio, items: [] },
  testimonials: { ...DEFAULT_SITE_CONTENT.testimonials, items: [] },
};

describe('the site content API', () => {
  it('is for signed-in admins only', async () => {
    const anonymous = request(t.app);
    expect((await anonymous.get('/api/admin/site-content')).status).toBe(401);
    expect((await anonymous.put('/api/admin/site-content').send(MOBILE)).status).toBe(401);
    expect((await anonymous.post('/api/admin/site-content/publish')).status).toBe(401);
    expect((await anonymous.post('/api/admin/site-content/restore')).status).toBe(401);
    expect((await anonymous.post('/api/admin/site-images')).status).toBe(401);
    expect(await t.database.db.select().from(siteContent)).toEqual([]);
  });

  it('shows a fresh install the spec’s texts, with the samples counted', async () => {
    const view = await adminView();
    expect(view.draft).toEqual(DEFAULT_SITE_CONTENT);
    expect(view.published).toEqual(DEFAULT_SITE_CONTENT);
    expect(view).toMatchObject({
      unpublishedChanges: false,
      canRestore: false,
      publishedAt: null,
      samplesShowing: { portfolio: 6, testimonials: 3 },
    });
    expect(await publicSnapshot()).toEqual({
      content: DEFAULT_SITE_CONTENT,
      plans: DEFAULT_PUBLIC_PLANS,
    });
  });

  it('refuses a bad document with the field’s message and saves nothing', async () => {
    const bad = {
      ...MOBILE,
      hero: { ...MOBILE.hero, title: '   ' },
      stats: [{ value: 'x'.repeat(21), label: 'sites' }],
    };
    const res = await admin.put('/api/admin/site-content').send(bad);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/Title is required|Value must be at most 20 characters/);
    const unknownImage = {
      ...MOBILE,
      testimonials: {
        ...MOBILE.testimonials,
        items: [
          {
            quote: 'Great work.',
            name: 'Ann',
            business: '',
            photo: { id: crypto.randomUUID(), width: 10, height: 10, alt: '' },
          },
        ],
      },
    };
    const missing = await admin.put('/api/admin/site-content').send(unknownImage);
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('An image of the content was not found: upload it again');
    expect(await t.database.db.select().from(siteContent)).toEqual([]);
    expect((await adminView()).draft).toEqual(DEFAULT_SITE_CONTENT);
  });

  it('saves a draft visitors do not see, publishes it, and restores the previous version', async () => {
    const saved = expectJson(
      await admin.put('/api/admin/site-content').send(MOBILE).expect(200),
      AdminSiteContentSchema,
    );
    expect(saved.draft).toEqual(MOBILE);
    expect(saved.published).toEqual(DEFAULT_SITE_CONTENT);
    expect(saved.unpublishedChanges).toBe(true);
    expect((await publicSnapshot()).content).toEqual(DEFAULT_SITE_CONTENT);

    const published = expectJson(
      await admin.post('/api/admin/site-content/publish').expect(200),
      AdminSiteContentSchema,
    );
    expect(published.published).toEqual(MOBILE);
    expect(published).toMatchObject({
      unpublishedChanges: false,
      canRestore: true,
      samplesShowing: { portfolio: 0, testimonials: 0 },
    });
    expect((await publicSnapshot()).content).toEqual(MOBILE);

    const restored = expectJson(
      await admin.post('/api/admin/site-content/restore').expect(200),
      AdminSiteContentSchema,
    );
    expect(restored.published).toEqual(DEFAULT_SITE_CONTENT);
    // The draft had no changes of its own: it follows what is live again.
    expect(restored.draft).toEqual(DEFAULT_SITE_CONTENT);
    expect((await publicSnapshot()).content).toEqual(DEFAULT_SITE_CONTENT);

    const kinds = (
      await t.database.db
        .select({ kind: auditEvents.kind, after: auditEvents.after })
        .from(auditEvents)
        .where(eq(auditEvents.targetType, 'site_content'))
    ).map((row) => row.kind);
    expect(kinds).toEqual([
      'site_content.saved',
      'site_content.published',
      'site_content.restored',
    ]);
  });

  it('resizes an uploaded image into AVIF and WebP and serves each size for a year', async () => {
    const photo = await sharp({
      create: { width: 700, height: 400, channels: 3, background: '#0e7490' },
    })
      .jpeg()
      .toBuffer();
    const res = await admin
      .post('/api/admin/site-images')
      .attach('image', photo, { filename: 'shop.jpg', contentType: 'image/jpeg' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ width: 700, height: 400, alt: '' });
    const id: string = res.body.id;

    for (const [width, format, height] of [
      [320, 'avif', 183],
      [640, 'webp', 366],
      [700, 'avif', 400],
    ] as const) {
      const variant = await request(t.app)
        .get(`/api/site-images/${id}/${width}.${format}`)
        .buffer(true)
        .parse((response, done) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => done(null, Buffer.concat(chunks)));
        });
      expect(variant.status).toBe(200);
      expect(variant.headers['content-type']).toBe(`image/${format}`);
      expect(variant.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(variant.body as Buffer).metadata();
      expect([meta.width, meta.height]).toEqual([width, height]);
      expect(meta.format).toBe(format === 'avif' ? 'heif' : 'webp');
    }
    // Never enlarged: no 960 wide version of a 700 wide photo.
    expect((await request(t.app).get(`/api/site-images/${id}/960.webp`)).status).toBe(404);

    // The content may use it now, with its alt text.
    const withImage = {
      ...MOBILE,
      portfolio: {
        ...MOBILE.portfolio,
        items: [
          {
            title: 'Dauphin Street Books',
            category: 'Bookshop',
            description: 'Catalogue and events.',
            link: 'https://books.example',
            icon: 'store' as const,
            image: { id, width: 700, height: 400, alt: 'The shop front' },
          },
        ],
      },
    };
    expect((await admin.put('/api/admin/site-content').send(withImage)).status).toBe(200);
  });

  it('refuses a file that is not an image, whatever its name says', async () => {
    const res = await admin
      .post('/api/admin/site-images')
      .attach('image', Buffer.from('<svg onload="alert(1)"></svg>'), {
        filename: 'photo.png',
        contentType: 'image/png',
      });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(NOT_AN_IMAGE);
  });
});
