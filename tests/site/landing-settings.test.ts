import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, PUBLIC_SETTINGS_ELEMENT_ID } from '@shared/constants';
import type { PublicSettings } from '@shared/schemas/settings';
import { SEO_START, seoHead } from '@shared/seo';
import { SITE_SNAPSHOT_ELEMENT_ID } from '@shared/site-content';
import { DEFAULT_SITE_CONTENT, DEFAULT_SITE_SNAPSHOT } from '@shared/site-content-defaults';
import sharp from 'sharp';
import { renderLanding } from '../../client/src/prerender';
import { signedInAdmin } from '../factories';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * The landing page as the server hands it out, against the real settings: the client built
 * as `npm run build` builds it (index.html with its head's business tags, landing.html
 * rendered with the defaults), and the real landing page rendered again by the server.
 */
const distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'landing-'));
const renders: PublicSettings[] = [];

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInAdmin>>['agent'];
beforeAll(async () => {
  const shell = fs
    .readFileSync(path.join(import.meta.dirname, '../../client/index.html'), 'utf8')
    .replace(SEO_START, () => seoHead(DEFAULT_SETTINGS, '__APP_URL__', DEFAULT_SITE_SNAPSHOT));
  fs.writeFileSync(path.join(distDir, 'index.html'), shell);
  fs.writeFileSync(
    path.join(distDir, 'landing.html'),
    shell.replace('<div id="root"></div>', `<div id="root">${await renderLanding()}</div>`),
  );
  t = await startTestApp(
    {},
    {
      site: {
        distDir,
        renderLanding: (settings, site) => {
          renders.push(settings);
          return renderLanding(settings, site);
        },
      },
    },
  );
  admin = (await signedInAdmin(t.app, t.database)).agent;
}, 60_000);
afterAll(async () => {
  await t?.close();
  fs.rmSync(distDir, { recursive: true, force: true });
});

/** The page's head, its #root and the structured data, as a crawler reads them. */
async function landing() {
  const res = await request(t.app).get('/').expect(200);
  const html = res.text;
  const head = html.slice(0, html.indexOf('</head>'));
  const body = html.slice(html.indexOf('<body>'));
  const jsonLd = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(head)![1]!);
  const inPage = JSON.parse(
    new RegExp(
      `<script id="${PUBLIC_SETTINGS_ELEMENT_ID}" type="application/json"[^>]*>(.*?)</script>`,
    ).exec(head)![1]!,
  );
  const meta = (attribute: string) =>
    new RegExp(`<meta ${attribute} content="([^"]*)"`).exec(head)?.[1];
  return {
    title: /<title>(.*?)<\/title>/.exec(head)?.[1],
    description: meta('name="description"'),
    ogSiteName: meta('property="og:site_name"'),
    ogTitle: meta('property="og:title"'),
    twitterTitle: meta('name="twitter:title"'),
    jsonLd,
    inPage,
    body,
  };
}

/** The published content and plans the page carries for its hydration. */
function snapshotIn(html: string) {
  const match = new RegExp(
    `<script id="${SITE_SNAPSHOT_ELEMENT_ID}" type="application/json">(.*?)</script>`,
  ).exec(html);
  return match ? JSON.parse(match[1]!) : undefined;
}

const BAYOU = {
  businessName: 'Bayou Web Works',
  businessEmail: 'team@bayouweb.example',
  businessPhone: '(228) 555-0142',
  businessCity: 'Biloxi',
  businessState: 'MS',
  businessWebsite: 'https://www.bayouweb.example/',
};

async function saveSettings(changes: Partial<typeof BAYOU>) {
  const current = (await admin.get('/api/admin/settings')).body;
  expect((await admin.put('/api/admin/settings').send({ ...current, ...changes })).status).toBe(
    200,
  );
}

describe('the landing page as served', () => {
  it('with the default settings is the build’s own page: nothing is rendered again', async () => {
    const page = await landing();
    expect(page.title).toBe(
      'Coast &amp; Code Studio · Monthly website plans for Louisiana and Mississippi businesses',
    );
    expect(page.jsonLd).toMatchObject({
      '@type': 'ProfessionalService',
      name: 'Coast & Code Studio',
      url: `${t.baseUrl}/`,
      email: 'hello@coastandcode.studio',
      address: { addressLocality: 'New Orleans', addressRegion: 'LA', addressCountry: 'US' },
    });
    expect(page.jsonLd.telephone).toBeUndefined();
    expect(page.body).toContain('hello@coastandcode.studio');
    expect(page.body).not.toContain('href="tel:');
    expect(renders).toEqual([]);
  });

  it('carries the settings in its title, meta, social cards, structured data and footer once they change', async () => {
    await saveSettings(BAYOU);
    const page = await landing();
    expect(page.title).toBe(
      'Bayou Web Works · Monthly website plans for Louisiana and Mississippi businesses',
    );
    expect(page.description).toMatch(
      /^Bayou Web Works \(Biloxi, MS\) builds .*Louisiana, Mississippi/,
    );
    expect(page.ogSiteName).toBe('Bayou Web Works');
    expect(page.ogTitle).toBe('Bayou Web Works · Where the Coast Meets the Code');
    expect(page.twitterTitle).toBe('Bayou Web Works · Where the Coast Meets the Code');
    expect(page.jsonLd).toMatchObject({
      '@type': 'ProfessionalService',
      name: 'Bayou Web Works',
      url: `${t.baseUrl}/`,
      email: 'team@bayouweb.example',
      telephone: '(228) 555-0142',
      sameAs: ['https://www.bayouweb.example/'],
      address: { addressLocality: 'Biloxi', addressRegion: 'MS', addressCountry: 'US' },
    });
    expect(page.jsonLd.makesOffer).toHaveLength(3);

    // The page is rendered with the very settings it carries, so hydration matches it.
    expect(page.inPage).toEqual({
      businessName: 'Bayou Web Works',
      businessEmail: 'team@bayouweb.example',
      businessLocation: 'Biloxi, MS',
      businessPhone: '(228) 555-0142',
      businessWebsite: 'https://www.bayouweb.example/',
      timeZone: 'America/Chicago',
    });
    expect(renders.at(-1)).toEqual(page.inPage);
    // The footer's contact block: e-mail, phone, website and place, in the HTML itself.
    expect(page.body).toContain('href="mailto:team@bayouweb.example"');
    expect(page.body).toContain('href="tel:2285550142"');
    expect(page.body).toMatch(/href="https:\/\/www\.bayouweb\.example\/"[^>]*>bayouweb\.example</);
    expect(page.body).toContain('Biloxi, MS');
    expect(page.body).toContain('Bayou Web Works');
    expect(page.body).not.toContain('hello@coastandcode.studio');
  });

  it('is rendered once per change of the settings, and again after the next change', async () => {
    const before = renders.length;
    await landing();
    await landing();
    expect(renders).toHaveLength(before);

    await saveSettings({ businessPhone: '', businessWebsite: '' });
    const page = await landing();
    expect(renders).toHaveLength(before + 1);
    expect(page.jsonLd.telephone).toBeUndefined();
    expect(page.jsonLd.sameAs).toBeUndefined();
    expect(page.body).not.toContain('href="tel:');
    expect(page.body).not.toContain('bayouweb.example/');
  });

  it('escapes a business name that looks like markup, in the head and in the page', async () => {
    await saveSettings({ businessName: 'Bayou <b>Web</b> & "Co" </script>' });
    const res = await request(t.app).get('/').expect(200);
    expect(res.text).not.toContain('<b>Web</b>');
    expect(res.text).not.toContain('"Co" </script>');
    const page = await landing();
    expect(page.title).toBe(
      'Bayou &lt;b&gt;Web&lt;/b&gt; &amp; &quot;Co&quot; &lt;/script&gt; · Monthly website plans for Louisiana and Mississippi businesses',
    );
    expect(page.jsonLd.name).toBe('Bayou <b>Web</b> & "Co" </script>');
  });
});

describe('the landing page follows the published content', () => {
  it('shows a draft only once published: its words, images, SEO, and no empty section', async () => {
    const photo = await sharp({
      create: { width: 700, height: 400, channels: 3, background: '#0e7490' },
    })
      .png()
      .toBuffer();
    const upload = await admin
      .post('/api/admin/site-images')
      .attach('image', photo, { filename: 'books.png', contentType: 'image/png' });
    expect(upload.status).toBe(201);
    const image = { ...upload.body, alt: 'The bookshop’s new home page' };
    const content = {
      ...DEFAULT_SITE_CONTENT,
      hero: { ...DEFAULT_SITE_CONTENT.hero, title: 'Websites for Mobile Bay' },
      area: { served: ['Alabama'], basedIn: 'the Mobile Bay area' },
      portfolio: {
        ...DEFAULT_SITE_CONTENT.portfolio,
        items: [
          {
            title: 'Dauphin Street Books',
            category: 'Bookshop',
            description: 'Catalogue, events and gift cards.',
            link: '',
            icon: 'store',
            image,
          },
        ],
      },
      testimonials: { ...DEFAULT_SITE_CONTENT.testimonials, items: [] },
    };
    expect((await admin.put('/api/admin/site-content').send(content)).status).toBe(200);
    const draftOnly = await landing();
    expect(draftOnly.body).not.toContain('Websites for Mobile Bay');
    expect(draftOnly.body).toContain('Where the Coast Meets the Code');

    const before = renders.length;
    expect((await admin.post('/api/admin/site-content/publish')).status).toBe(200);
    const res = await request(t.app).get('/').expect(200);
    const page = await landing();
    expect(renders).toHaveLength(before + 1);

    expect(page.body).toContain('Websites for Mobile Bay');
    expect(page.body).not.toContain('Bayou Bites Café');
    // No testimonials: no section and no link to it, never the samples.
    expect(page.body).not.toContain('id="testimonials"');
    expect(page.body).not.toContain('Danielle Robichaux');
    expect(page.body).not.toContain('href="#testimonials"');
    // The image in modern formats, every size, with its size reserved.
    const id = image.id as string;
    expect(page.body).toContain(
      `<source type="image/avif" srcSet="/api/site-images/${id}/320.avif 320w, /api/site-images/${id}/640.avif 640w, /api/site-images/${id}/700.avif 700w"`,
    );
    expect(page.body).toContain('type="image/webp"');
    expect(page.body).toMatch(
      new RegExp(
        `<img src="/api/site-images/${id}/700.webp" width="700" height="400" alt="The bookshop’s new home page" loading="lazy"`,
      ),
    );

    expect(page.title).toMatch(/ · Monthly website plans for Alabama businesses$/);
    expect(page.description).toMatch(/\(the Mobile Bay area\) builds .* in Alabama and anywhere/);
    expect(page.ogTitle).toMatch(/ · Websites for Mobile Bay$/);
    expect(page.jsonLd.areaServed).toEqual([
      { '@type': 'State', name: 'Alabama' },
      { '@type': 'Country', name: 'United States' },
    ]);
    expect(page.jsonLd.makesOffer.map((offer: { price: string }) => offer.price)).toEqual([
      '199.00',
      '399.00',
      '599.00',
    ]);
    // The page carries what it was rendered with, so hydration matches it.
    expect(snapshotIn(res.text).content.hero.title).toBe('Websites for Mobile Bay');
  });
});
