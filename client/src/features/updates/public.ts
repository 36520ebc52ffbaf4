/** What other features may use of the website updates a plan includes (issue 28). */
export { ClientUpdatesCard } from './components/client-updates-card';
export { UpdatesMeterLine } from './components/updates-meter-line';
export { UpdatesMeterNote } from './components/updates-meter-note';
export { updatesMeterQueryOptions } from './api/get-updates-meter';
export { clientUpdatesQueryOptions } from './api/get-client-updates';
