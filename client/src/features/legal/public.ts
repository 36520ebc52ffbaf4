/** What the admin's Settings screen (app/pages/settings-page.tsx) draws of the legal pages. */
export { LegalPagesCard } from './components/legal-pages-card';
