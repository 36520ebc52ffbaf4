import fs from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { Logger } from 'pino';
import { DEFAULT_SETTINGS } from '@shared/constants';
import type { PublicSettings } from '@shared/schemas/settings';
import type { SiteSnapshot } from '@shared/site-content';
import { DEFAULT_SITE_SNAPSHOT } from '@shared/site-content-defaults';

/**
 * The landing page's #root markup for the given settings and published content with the plans
 * (client/src/prerender.tsx).
 */
export type RenderLanding = (settings: PublicSettings, site: SiteSnapshot) => Promise<string>;

/**
 * The renderer the build made: scripts/prerender.mjs bundles client/src/prerender.tsx into
 * dist/prerender/prerender.js (its dependencies stay in node_modules). Undefined before a
 * build; loaded on first use.
 */
export function builtLandingRenderer(file: string): RenderLanding | undefined {
  if (!fs.existsSync(file)) return undefined;
  let loaded: Promise<{ renderLanding: RenderLanding }> | undefined;
  return async (settings, site) => {
    loaded ??= import(pathToFileURL(file).href) as Promise<{ renderLanding: RenderLanding }>;
    return (await loaded).renderLanding(settings, site);
  };
}

const ROOT_OPEN = '<div id="root">';

/**
 * The page with `markup` as the content of #root. The build's shell ends its body with #root
 * (Vite puts the scripts in the head), so #root's content runs from its opening tag to the
 * last </div> before </body>. Undefined for a page of another shape.
 */
export function withRootContent(html: string, markup: string): string | undefined {
  const start = html.indexOf(ROOT_OPEN);
  const bodyEnd = html.lastIndexOf('</body>');
  const end = html.lastIndexOf('</div>', bodyEnd);
  if (start < 0 || bodyEnd < 0 || end < start) return undefined;
  return `${html.slice(0, start + ROOT_OPEN.length)}${markup}${html.slice(end)}`;
}

/** What the page's HTML depends on: the settings it shows, the content and the plans. */
const renderKey = (settings: PublicSettings, site: SiteSnapshot) =>
  JSON.stringify([
    settings.businessName,
    settings.businessEmail,
    settings.businessLocation,
    settings.businessPhone,
    settings.businessWebsite,
    site.content,
    site.plans,
  ]);

const DEFAULTS_KEY = renderKey(DEFAULT_SETTINGS, DEFAULT_SITE_SNAPSHOT);

/**
 * The landing page's HTML for the current settings and published content, for crawlers, link
 * previews and a first paint that shows the business as the owner entered it. The build's
 * landing.html was rendered with the default settings and content; with any others the page
 * is rendered again, once per change of either (the last result is kept; each request reads
 * them, so every instance follows a change, a publish included, at its next request). Renders run one at a time. Undefined when
 * the page cannot be had for these settings: the caller serves the plain shell, which the
 * browser renders itself (serving HTML of other settings would not match the hydration).
 */
export function createLandingPages({
  template,
  render,
  logger,
}: {
  /** The build's landing.html (rendered with the defaults), or undefined before a build. */
  template: () => string | undefined;
  render: RenderLanding | undefined;
  logger?: Logger;
}) {
  let latest: { key: string; page: Promise<string | undefined> } | undefined;
  let turn: Promise<unknown> = Promise.resolve();

  async function renderPage(settings: PublicSettings, site: SiteSnapshot, shell: string) {
    const markup = turn.then(() => render!(settings, site));
    turn = markup.catch(() => undefined);
    try {
      return withRootContent(shell, await markup);
    } catch (error) {
      // Kept for these settings: a broken build is not rendered again at every request.
      logger?.error({ err: error }, 'landing page render failed: serving the shell');
      return undefined;
    }
  }

  return function landingPage(
    settings: PublicSettings,
    site: SiteSnapshot,
  ): Promise<string | undefined> {
    const shell = template();
    if (!shell) return Promise.resolve(undefined);
    const key = renderKey(settings, site);
    if (key === DEFAULTS_KEY) return Promise.resolve(shell);
    if (!render) return Promise.resolve(undefined);
    if (latest?.key !== key) latest = { key, page: renderPage(settings, site, shell) };
    return latest.page;
  };
}
