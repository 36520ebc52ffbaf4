import { ClientPicker } from '@/features/clients/public';
import type { ProposalClient } from './proposal-form';

const HINTS = {
  idle: 'Search the client accounts by name, e-mail or business.',
  noMatch: 'No client matches. Choose "Someone new" to type their name and e-mail.',
};

/** The invoice form's client search, worded for a proposal. */
export function proposalClientPicker(choose: (client: ProposalClient) => void, focus: boolean) {
  return <ClientPicker onSelect={choose} autoFocus={focus} hints={HINTS} />;
}
