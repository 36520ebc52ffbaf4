import fs from 'node:fs';
import path from 'node:path';
import express, { Router, type Response } from 'express';
import type { Logger } from 'pino';
import { PUBLIC_SETTINGS_ELEMENT_ID } from '@shared/constants';
import { TIME_ZONE_ATTRIBUTE } from '@shared/dates';
import { PublicSettingsSchema, type PublicSettings } from '@shared/schemas/settings';
import { withSeoHead } from '@shared/seo';
import { SITE_SNAPSHOT_ELEMENT_ID, type SiteSnapshot } from '@shared/site-content';
import { DEFAULT_SITE_SNAPSHOT } from '@shared/site-content-defaults';
import { escapeHtml } from './html';
import { builtLandingRenderer, createLandingPages, type RenderLanding } from './landing-page';

const PRIVATE_AREAS = /^\/(admin|portal|proposals)(\/|$)/;

export interface SpaOptions {
  /**
   * Renders the landing page's HTML for the current settings; by default the one the build
   * made next to the client (dist/prerender/prerender.js), if any.
   */
  renderLanding?: RenderLanding;
  /** The published content and the plans; the spec's defaults when not given. */
  siteSnapshot?: () => Promise<SiteSnapshot>;
  logger?: Logger;
}

/**
 * Serves the built client: hashed assets cached for a year, index.html never cached (with the
 * public address filled in), index.html for every other GET that is not an API or provider
 * path (history routing), and what search engines read: robots.txt, sitemap.xml, and
 * noindex on the portal, admin and proposal screens. Every page carries the public settings (brand name
 * and contact details), so no screen waits for them or shows the defaults first, and its
 * title, description, social cards and structured data are written from them. "/" is the
 * landing page rendered with them (landing-page.ts).
 */
export function spaRoutes(
  distDir: string,
  appUrl: string,
  publicSettings: () => Promise<PublicSettings>,
  {
    renderLanding = builtLandingRenderer(path.join(distDir, '..', 'prerender', 'prerender.js')),
    siteSnapshot = async () => DEFAULT_SITE_SNAPSHOT,
    logger,
  }: SpaOptions = {},
): Router {
  const router = Router();
  const pages = new Map<string, string | undefined>();
  /** A built HTML page with the public address filled in, read once. */
  const page = (name: string) => {
    if (!pages.has(name)) {
      const file = path.join(distDir, name);
      pages.set(
        name,
        fs.existsSync(file)
          ? fs.readFileSync(file, 'utf8').replaceAll('__APP_URL__', appUrl)
          : undefined,
      );
    }
    return pages.get(name);
  };
  const landingPage = createLandingPages({
    template: () => page('landing.html'),
    render: renderLanding,
    logger,
  });

  router.get('/robots.txt', (_req, res) => {
    res
      .type('text/plain')
      .send(
        `User-agent: *\nDisallow: /admin\nDisallow: /portal\nDisallow: /api/\nDisallow: /oidc/\n\nSitemap: ${appUrl}/sitemap.xml\n`,
      );
  });
  router.get('/sitemap.xml', (_req, res) => {
    res
      .type('application/xml')
      .send(
        `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n  <url><loc>${appUrl}/</loc><changefreq>monthly</changefreq><priority>1.0</priority></url>\n</urlset>\n`,
      );
  });

  router.use(
    '/assets',
    express.static(path.join(distDir, 'assets'), {
      immutable: true,
      maxAge: '365d',
      index: false,
      fallthrough: false,
    }),
  );
  router.use(
    express.static(distDir, {
      index: false,
      setHeaders: (res) => res.setHeader('Cache-Control', 'no-cache'),
    }),
  );
  // /API/... and /OIDC/... are no screen either: 404, like any unknown API path.
  router.get(/^(?!\/(?:api|oidc)(?:\/|$)).*/i, async (req, res: Response) => {
    res.setHeader('Cache-Control', 'no-cache');
    const privateArea = PRIVATE_AREAS.test(req.path);
    if (privateArea) res.setHeader('X-Robots-Tag', 'noindex, nofollow');
    const [settings, site] = await Promise.all([publicSettings(), siteSnapshot()]);
    // "/" has its HTML rendered with the settings and content; every other screen starts
    // from the shell.
    const html = (req.path === '/' && (await landingPage(settings, site))) || page('index.html');
    if (!html) {
      res.status(503).type('text').send('The client has not been built yet: run `npm run build`.');
      return;
    }
    const withHead = withSettings(withSeoHead(html, settings, appUrl, site), settings);
    // The public screens carry the content too, so going back to "/" needs no request; the
    // portal's and the admin's would only carry it for nothing.
    res.type('html').send(privateArea ? withHead : withSiteSnapshot(withHead, site));
  });
  return router;
}

/**
 * The settings as JSON data in the page (never executed, so the Content Security Policy has
 * nothing to allow), parsed with their schema on the way out. `<` is escaped so a business
 * name can never close the element.
 */
export function withSettings(html: string, settings: PublicSettings): string {
  const parsed = PublicSettingsSchema.parse(settings);
  const json = JSON.stringify(parsed).replaceAll('<', '\\u003c');
  // The zone on its own too, so the screens' date formatter reads it without the settings.
  const zone = parsed.timeZone ? ` ${TIME_ZONE_ATTRIBUTE}="${escapeHtml(parsed.timeZone)}"` : '';
  // A function, so that "$&" in a business name is not read as a replacement pattern.
  return html.replace(
    '</head>',
    () =>
      `<script id="${PUBLIC_SETTINGS_ELEMENT_ID}" type="application/json"${zone}>${json}</script></head>`,
  );
}

/**
 * The published content and the plans as JSON data in the page, beside the settings: the
 * landing page is drawn from them without a request (and hydrates the HTML rendered with
 * them). `<` is escaped so no text of the owner's can close the element.
 */
export function withSiteSnapshot(html: string, site: SiteSnapshot): string {
  const json = JSON.stringify(site).replaceAll('<', '\\u003c');
  return html.replace(
    '</head>',
    () =>
      `<script id="${SITE_SNAPSHOT_ELEMENT_ID}" type="application/json">${json}</script></head>`,
  );
}
