/** What other features may use of tickets. */
export { OpenTicketCount } from './components/open-ticket-count';
export { RecentTickets } from './components/recent-tickets';
export { useOpenTicketCount } from './api/get-tickets';
export { TicketKindBadge, TicketStatusLabel } from './components/ticket-status';
