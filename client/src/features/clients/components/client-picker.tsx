import { useEffect, useId, useState, type Ref } from 'react';
import type { ClientAccount } from '@shared/schemas/clients';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { useClients } from '../api/get-clients';

const SEARCH_DELAY_MS = 250;
const PICKER_RESULTS = 8;

/** The typed search, once the admin has paused typing. */
function useDebounced(value: string): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [value]);
  return settled;
}

function foundText(shown: number, total: number): string {
  if (total > shown) return `Showing ${shown} of ${total} clients found: type more to narrow it.`;
  return `${total} client${total === 1 ? '' : 's'} found`;
}

/**
 * Finds a client account by name, e-mail or business name, for a form that acts for a
 * client (the new invoice). Choosing one hands it to `onSelect`.
 */
const INVOICE_HINTS = {
  idle: 'Or type the name and e-mail below for someone without an account yet.',
  noMatch: 'No client matches. Type their name and e-mail below instead.',
};

export function ClientPicker({
  onSelect,
  autoFocus = false,
  hints = INVOICE_HINTS,
}: {
  onSelect: (client: ClientAccount) => void;
  /** Focus the search at once (e.g. after "Choose another"). */
  autoFocus?: boolean;
  /** What the line under the search says before a search and when nothing matches. */
  hints?: { idle: string; noMatch: string };
}) {
  const id = useId();
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim());
  const results = useClients({ q, pageSize: String(PICKER_RESULTS) });
  const shown = q ? results.data?.items : undefined;

  return (
    <div className="space-y-2">
      <Label htmlFor={`${id}-search`}>Find a client</Label>
      <Input
        id={`${id}-search`}
        type="search"
        autoFocus={autoFocus}
        autoComplete="off"
        placeholder="Name, e-mail or business"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        // Enter searches (it already does as one types); it must not submit the whole form.
        onKeyDown={(event) => {
          if (event.key === 'Enter') event.preventDefault();
        }}
        aria-describedby={`${id}-status`}
      />
      <p id={`${id}-status`} className="text-xs text-muted-foreground" aria-live="polite">
        {!q
          ? hints.idle
          : results.isFetching
            ? 'Searching…'
            : shown?.length
              ? foundText(shown.length, results.data!.total)
              : hints.noMatch}
      </p>
      {q && results.isFetching && !shown && <Spinner label="Searching clients" />}
      {shown && shown.length > 0 && (
        <ul className="divide-y rounded-md border" aria-label="Matching clients">
          {shown.map((client) => (
            <li key={client.id}>
              <button
                type="button"
                className="w-full px-3 py-2 text-left text-sm hover:bg-muted focus-visible:bg-muted focus-visible:outline-none"
                onClick={() => {
                  onSelect(client);
                  setSearch('');
                }}
              >
                <span className="font-medium">{client.name}</span>
                {client.businessName && (
                  <span className="text-muted-foreground"> · {client.businessName}</span>
                )}
                <span className="block break-all text-xs text-muted-foreground">
                  {client.email ?? 'No e-mail'}
                  {client.email && !client.emailVerified && ' (not verified)'}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * The client account a form acts for, once picked, with the way back to the search. It takes
 * the focus through `focusRef` when the page moves it there.
 */
export function ChosenClient({
  client,
  onChooseAnother,
  focusRef,
}: {
  client: { name: string; email: string | null };
  onChooseAnother: () => void;
  focusRef?: Ref<HTMLDivElement>;
}) {
  return (
    <div
      ref={focusRef}
      tabIndex={-1}
      role="status"
      className="flex flex-wrap items-center justify-between gap-2 rounded-md border bg-muted/40 px-3 py-2 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <span>
        For the client account of <strong>{client.name}</strong>
        {client.email && <span className="break-all"> ({client.email})</span>}
      </span>
      <Button type="button" variant="outline" size="sm" onClick={onChooseAnother}>
        Choose another
      </Button>
    </div>
  );
}
