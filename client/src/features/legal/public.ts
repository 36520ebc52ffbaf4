/** What the admin's Settings screen (app/pages/settings-page.tsx) draws of the legal pages. */
export { LegalPagesCard } from './components/legal-pages-card';
/** A legal text's Markdown as the reader sees it (a proposal's terms are drawn the same way). */
export { LegalText } from './components/legal-text';
