/** What other features may use of site care: its cards on the client's page and dashboards. */
export { ClientSitesCard } from './components/client-sites-card';
export { SiteCareCard } from './components/site-care-card';
export { YourWebsiteCards } from './components/your-website-card';
