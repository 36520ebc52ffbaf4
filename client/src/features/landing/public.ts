/**
 * What app/ may use of the landing page: the page itself, drawn with the owner's draft for
 * the preview (SiteSnapshotOverride), and the prerender's setter of the content it renders.
 */
export { LandingPage } from './pages/landing-page';
export { renderWithSiteSnapshot, SiteSnapshotOverride } from './site-snapshot';
