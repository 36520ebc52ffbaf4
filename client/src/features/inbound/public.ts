/** What other features and app/ may use of the inbound log: the held e-mail's count and card. */
export { HeldMailCard } from './components/held-mail-card';
export { HeldMessageCount } from './components/held-message-count';
