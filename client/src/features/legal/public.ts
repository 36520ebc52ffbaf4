/** What other features may use of the legal pages: Settings' card that edits them. */
export { LegalPagesCard } from './components/legal-pages-card';
