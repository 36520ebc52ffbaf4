import { useState } from 'react';
import { QueryState } from '@/components/ui/query-state';
import { formatDateTime } from '@/lib/dates';
import { useOriginalEmail } from '../api/get-original-email';

/**
 * "View original e-mail": the whole message a client's e-mail came as (the thread shows it
 * without quoted history and signature), for the admin. Text only, never the mail's HTML.
 */
export function OriginalEmail({
  ticketId,
  messageId,
}: {
  ticketId: string;
  /** The ticket message; null for the e-mail that opened the ticket. */
  messageId: string | null;
}) {
  const [open, setOpen] = useState(false);
  const query = useOriginalEmail(ticketId, messageId, open);
  return (
    <details
      className="mt-2 text-xs"
      onToggle={(event) => setOpen((event.currentTarget as HTMLDetailsElement).open)}
    >
      <summary className="cursor-pointer text-primary underline-offset-2 hover:underline">
        View original e-mail
      </summary>
      {open && (
        <div className="mt-2 rounded-md border bg-background p-3">
          <QueryState query={query} what="original e-mail" titleAs="h3">
            {(email) => (
              <div className="space-y-2">
                <dl className="grid grid-cols-[auto_1fr] gap-x-2 gap-y-1 break-words">
                  <dt className="text-muted-foreground">From</dt>
                  <dd className="min-w-0">{email.from}</dd>
                  <dt className="text-muted-foreground">To</dt>
                  <dd className="min-w-0">{email.to}</dd>
                  {email.date && (
                    <>
                      <dt className="text-muted-foreground">Date</dt>
                      <dd>{formatDateTime(email.date)}</dd>
                    </>
                  )}
                  <dt className="text-muted-foreground">Subject</dt>
                  <dd className="min-w-0">{email.subject}</dd>
                </dl>
                <pre className="max-h-96 overflow-auto whitespace-pre-wrap break-words font-sans text-sm">
                  {email.text}
                </pre>
              </div>
            )}
          </QueryState>
        </div>
      )}
    </details>
  );
}
