/** What other features may use of tickets. */
export { OpenTicketCount } from './components/open-ticket-count';
export { RecentTickets, useOpenTicketCount } from './components/recent-tickets';
