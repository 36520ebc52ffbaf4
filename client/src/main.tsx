import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppProviders } from '@/app/providers';
import { AppRouter } from '@/app/routes/router';
import { paths } from '@/lib/paths';
import { hasSignedInHint } from '@/lib/signed-in-hint';
import { reloadOnStalePreload } from '@/lib/stale-chunks';
import './index.css';

reloadOnStalePreload();

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

const app = (
  <StrictMode>
    <AppProviders>
      <AppRouter />
    </AppProviders>
  </StrictMode>
);

// "/" arrives prerendered for a visitor (scripts/prerender.mjs): hydrate it. A signed-in
// client is sent on to the portal, so that page is rendered afresh, as is every other path.
if (root.hasChildNodes() && window.location.pathname === paths.home() && !hasSignedInHint()) {
  hydrateRoot(root, app);
} else {
  root.replaceChildren();
  createRoot(root).render(app);
}
