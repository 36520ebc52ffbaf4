import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeWebsites, type FakeWebsites } from '@tests/support/fake-websites';
import { createPageFetcher } from '../../../lib/outbound/page-fetcher';
import { createPageReader } from './page-reader';
import { readPageSignals } from './page-signals';
import { detectTechnology } from './technology';
import { createWebsiteAnalyzer } from './website-analyzer';
import { assessWebsite } from './website-quality';

const USER_AGENT = 'test-analyser';
const now = () => new Date('2026-11-22T12:00:00Z');
const reader = createPageReader();
const strict = createWebsiteAnalyzer({
  fetcher: createPageFetcher({ policy: { allowLoopback: false }, userAgent: USER_AGENT }),
  reader,
  now,
});
const loopback = (timeoutMs = 8000, maxRedirects = 5, pageReader = reader) =>
  createWebsiteAnalyzer({
    fetcher: createPageFetcher({
      policy: { allowLoopback: true },
      userAgent: USER_AGENT,
      limits: { timeoutMs, maxBytes: 1_000_000, maxRedirects },
    }),
    reader: pageReader,
    timeoutMs,
    now,
  });

let sites: FakeWebsites;
beforeAll(async () => {
  sites = await startFakeWebsites({
    pages: {
      '/modern': {
        body: `<html><head><title>Joe's Grill</title><meta name="viewport" content="width=device-width">
          <meta name="description" content="Best po-boys"><meta name="generator" content="WordPress 6.5"></head>
          <body><a href="mailto:joe@joesgrill.com">Mail</a> <a href="https://www.facebook.com/joesgrill">fb</a>
          <form><input type="email" name="email"><textarea></textarea></form>© 2009-2026 Joe's Grill</body></html>`,
      },
      '/hop1': { status: 301, headers: { location: '/hop2' } },
      '/hop2': { status: 302, headers: { location: '/modern' } },
      '/to-private': { status: 302, headers: { location: 'http://10.0.0.1/admin' } },
      '/to-metadata': {
        status: 307,
        headers: { location: 'http://169.254.169.254/latest/meta-data/' },
      },
      '/loop': { status: 302, headers: { location: '/loop' } },
      '/huge': { body: '<html><head><title>Huge</title></head><body>', fillerBytes: 5_000_000 },
      '/slow': { body: '<title>Slow</title>', delayMs: 2000 },
      '/gone': { status: 500, body: 'oops' },
    },
  });
});
afterAll(async () => {
  await sites.close();
  await reader.close();
});

describe('SSRF guard', () => {
  it.each([
    'http://127.0.0.1:PORT/modern',
    'http://10.0.0.1/',
    'http://169.254.169.254/latest/meta-data/',
    'http://[::1]:PORT/modern',
    'http://[::ffff:127.0.0.1]:PORT/modern',
    'http://[::127.0.0.1]:PORT/modern',
    'http://[::ffff:7f00:1]:PORT/modern',
    'http://[64:ff9b::7f00:1]:PORT/modern',
    'http://[fc00::1]:PORT/modern',
    'http://[fe80::1]:PORT/modern',
    'http://[2002:7f00:1::]:PORT/modern',
    'http://[::]:PORT/modern',
    'http://2130706433:PORT/modern',
    'http://0x7f.1:PORT/modern',
    'http://localhost:PORT/modern',
  ])('never connects to %s', async (template) => {
    const before = sites.stats.requests;
    const signals = await strict(new URL(template.replace('PORT', String(sites.port))));
    expect(signals.reachable).toBe(false);
    expect(signals.error).toMatch(/non-public address/);
    expect(sites.stats.requests).toBe(before);
  });

  it('refuses a redirect to a private or metadata address', async () => {
    for (const path of ['/to-private', '/to-metadata']) {
      const signals = await loopback()(new URL(`${sites.origin}${path}`));
      expect(signals.reachable).toBe(false);
      expect(signals.error).toMatch(/non-public address \((10\.0\.0\.1|169\.254\.169\.254)\)/);
    }
  });
});

describe('website analysis', () => {
  it('reads the signals of a home page, following redirects, sending no cookies', async () => {
    const signals = await loopback()(new URL(`${sites.origin}/hop1`));
    expect(signals).toMatchObject({
      reachable: true,
      status: 200,
      https: false,
      finalUrl: `${sites.origin}/modern`,
      redirectsToHttps: false,
      mobileViewport: true,
      title: "Joe's Grill",
      metaDescription: 'Best po-boys',
      technology: 'WordPress',
      copyrightYear: 2026,
      firstYear: 2009,
      emails: ['joe@joesgrill.com'],
      socialLinks: ['https://www.facebook.com/joesgrill'],
      contactForm: true,
    });
    expect(signals.responseTimeMs).toBeGreaterThanOrEqual(0);
    expect(sites.stats.cookies).toBe(0);
  });

  it('keeps what the answer showed when the page cannot be read, and says why', async () => {
    const stopped = createPageReader();
    await stopped.close();
    const signals = await loopback(8000, 5, stopped)(new URL(`${sites.origin}/modern`));
    expect(signals).toMatchObject({
      reachable: true,
      status: 200,
      title: null,
      technology: 'Unknown',
      emails: [],
      error: 'The page could not be read: the server is stopping',
    });
  });

  it('gives up after five redirects', async () => {
    const signals = await loopback()(new URL(`${sites.origin}/loop`));
    expect(signals).toMatchObject({ reachable: false, error: 'More than 5 redirects' });
  });

  it('reads at most 1 MB of a huge page', async () => {
    const signals = await loopback()(new URL(`${sites.origin}/huge`));
    expect(signals.reachable).toBe(true);
    expect(signals.pageBytes).toBe(1_000_000);
    expect(signals.title).toBe('Huge');
  });

  it('stops waiting for a slow page at the timeout', async () => {
    const started = Date.now();
    const signals = await loopback(300)(new URL(`${sites.origin}/slow`));
    expect(Date.now() - started).toBeLessThan(1500);
    expect(signals).toMatchObject({ reachable: false, error: 'Did not answer in time' });
  });

  it('says a site without HTTPS has none, and a 500 is not a working site', async () => {
    const plain = await loopback()(new URL(`${sites.origin}/modern`));
    expect(plain.https).toBe(false);
    const quality = assessWebsite(`${sites.origin}/modern`, plain, 2026);
    expect(quality.hasSSL).toBe(false);
    expect(quality.issues).toContain('No HTTPS: browsers mark the site "Not secure"');

    const broken = await loopback()(new URL(`${sites.origin}/gone`));
    expect(broken).toMatchObject({ reachable: false, status: 500 });
    expect(assessWebsite(`${sites.origin}/gone`, broken, 2026)).toMatchObject({
      score: 0,
      needsWebsite: true,
    });
  });
});

describe('technology', () => {
  it.each([
    ['WordPress', '<link href="/wp-content/themes/a.css">'],
    ['Wix', '<meta name="generator" content="Wix.com Website Builder">'],
    ['Squarespace', '<script src="https://static1.squarespace.com/static/x.js"></script>'],
    ['Shopify', '<script src="https://cdn.shopify.com/s/x.js"></script>'],
    ['Weebly', '<script src="https://cdn2.editmysite.com/js/site.js"></script>'],
    [
      'GoDaddy builder',
      '<meta name="generator" content="Starfield Technologies; Go Daddy Website Builder 8.0">',
    ],
    ['Webflow', '<html data-wf-page="5f1"><meta name="generator" content="Webflow">'],
    ['Joomla', '<meta name="generator" content="Joomla! - Open Source Content Management">'],
    ['Drupal', '<script>Drupal.settings = {}</script>'],
    ['Hand-written', '<html><head><title>Plain</title></head><body>Hi</body></html>'],
  ])('recognises %s', (technology, html) => {
    expect(detectTechnology(html, {})).toBe(technology);
  });

  it('reads headers too', () => {
    expect(detectTechnology('<html></html>', { 'x-shopid': '123' })).toBe('Shopify');
    expect(detectTechnology('<html></html>', { 'x-generator': 'Drupal 10' })).toBe('Drupal');
  });
});

describe('website quality', () => {
  it('needs a website when there is none, or only a social page', () => {
    expect(assessWebsite('', null, 2026)).toMatchObject({ score: 0, needsWebsite: true });
    expect(assessWebsite('https://www.facebook.com/joes', null, 2026)).toMatchObject({
      score: 10,
      needsWebsite: true,
      professionalDomain: false,
    });
  });

  it('does not count a builder sub-domain as a professional domain', () => {
    const quality = assessWebsite('https://joes.wixsite.com/grill', null, 2026);
    expect(quality.professionalDomain).toBe(false);
  });
});

describe('page reading', () => {
  it(
    'stays linear on hostile pages (long runs that make naive patterns backtrack)',
    { timeout: 10_000 },
    () => {
      const hostile = [
        'a'.repeat(1_000_000),
        '<meta '.repeat(150_000),
        'href="'.repeat(150_000),
        '<form '.repeat(150_000),
        '<script '.repeat(100_000),
        '<'.repeat(1_000_000),
        `copyright ${'a'.repeat(500_000)}`,
        `${'x'.repeat(500_000)}@${'y'.repeat(500_000)}`,
        '<title'.repeat(120_000),
        '<title>'.repeat(150_000),
        `<title ${'a'.repeat(1_000_000)}`,
        `<meta ${'name=generator '.repeat(33)}`.repeat(2000),
        `<meta ${'name=viewport '.repeat(35)}`.repeat(2000),
      ];
      // A quadratic pattern takes minutes on these inputs; the test's timeout catches that.
      for (const html of hostile) {
        expect(readPageSignals(html, 2026)).toMatchObject({ emails: [], title: null });
        expect(detectTechnology(html, {})).toBe('Hand-written');
      }
    },
  );

  it('finds the title of a hostile page, or none, without rescanning the page', () => {
    const many = '<title'.repeat(120_000);
    // These two held a backtracking title pattern for tens of seconds.
    expect(
      readPageSignals(`<meta name="description" content="Po-boys">${many}`, 2026),
    ).toMatchObject({ title: null, metaDescription: 'Po-boys' });
    expect(readPageSignals(`<title>Open ${'<title>'.repeat(150_000)}`, 2026).title).toBeNull();
    expect(readPageSignals(`${many}<title>Joe's Grill</title>`, 2026).title).toBe("Joe's Grill");
    expect(
      readPageSignals(`<p>${'İ'.repeat(1000)}</p><TITLE lang="en">Joe &amp; Sons</TITLE>`, 2026)
        .title,
    ).toBe('Joe & Sons');
    expect(readPageSignals('<title></title><title>Second</title>', 2026).title).toBeNull();
    expect(readPageSignals('<body>No title</body>', 2026).title).toBeNull();
  });

  it('finds e-mail addresses in text and mailto links, not in file names', () => {
    const signals = readPageSignals(
      '<a href="mailto:Owner%40Shop.com?subject=hi">x</a> Write to sales@shop.com. <img src="logo@2x.png">',
      2026,
    );
    expect(signals.emails).toEqual(['owner@shop.com', 'sales@shop.com']);
  });
});
