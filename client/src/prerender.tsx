import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { Router } from 'wouter';
import { AppProviders } from '@/app/providers';
import { AppRouter } from '@/app/routes/router';

/**
 * The landing page's HTML, rendered at build time (scripts/prerender.mjs) so the hero is
 * painted before any JavaScript runs; main.tsx hydrates it. The tree is the same one the
 * browser renders for a visitor at "/".
 */
export async function renderLanding(): Promise<string> {
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
