/** What other features may use of consultation requests. */
export { NewRequestCount } from './components/new-request-count';
