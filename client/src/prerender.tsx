import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { Router } from 'wouter';
import type { PublicSettings } from '@shared/schemas/settings';
import { type SiteSnapshot } from '@shared/site-content';
import { DEFAULT_SITE_SNAPSHOT } from '@shared/site-content-defaults';
import { AppProviders } from '@/app/providers';
import { AppRouter } from '@/app/routes/router';
import { renderWithPublicSettings } from '@/features/settings/public';
import { renderWithSiteSnapshot } from '@/features/landing/public';

/**
 * The landing page's HTML, so the page is painted (and read by crawlers) before any
 * JavaScript runs; main.tsx hydrates it. The tree is the same one the browser renders for a
 * visitor at "/". The build renders it with the default settings and content
 * (scripts/prerender.mjs); the server renders it again with the current settings, published
 * content and plans, which it also writes into the page for the hydration to match
 * (server/lib/landing-page.ts). One render at a time: the settings and content are the
 * module's.
 */
export async function renderLanding(
  settings?: PublicSettings,
  site?: SiteSnapshot,
): Promise<string> {
  if (settings) renderWithPublicSettings(settings);
  renderWithSiteSnapshot(site ?? DEFAULT_SITE_SNAPSHOT);
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <AppProviders>
        <Router ssrPath="/">
          <AppRouter />
        </Router>
      </AppProviders>
    </StrictMode>,
    // Every Suspense boundary inline and complete: no streaming scripts, which the page's
    // Content Security Policy would refuse anyway.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  let html = '';
  for await (const chunk of prelude) html += String(chunk);
  return html;
}
