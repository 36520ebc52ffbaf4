/** What other features may use of the monthly reports. */
export { ClientReportsCard } from './components/client-reports-card';
export { ReportsCard } from './components/reports-card';
