/** What app/ mounts of the agreements: the portal's card (the signer's page is routed by its page). */
export { AgreementsCard } from './components/agreements-card';
