import { Clock } from 'lucide-react';
import type { TicketPriority, TicketStatus } from '@shared/schemas/tickets';
import { useResponseTime } from '../api/get-response-time';

/**
 * What the client's plan promises, as they open a ticket or read one: "We answer within 1
 * business day." (half that for high priority). Nothing while it loads or when it fails: the
 * page works without it. A waiting ticket says the answer is theirs; a resolved one nothing.
 */
export function ResponsePromise({
  priority,
  status,
}: {
  priority: TicketPriority;
  status?: TicketStatus;
}) {
  const promise = useResponseTime();
  if (status === 'resolved') return null;
  if (status === 'waiting_on_client') {
    return (
      <p className="flex items-center gap-2 text-sm text-muted-foreground">
        <Clock className="h-4 w-4 shrink-0" aria-hidden="true" />
        We are waiting for your reply.
      </p>
    );
  }
  if (!promise.data) return null;
  const within = priority === 'high' ? promise.data.high : promise.data.normal;
  return (
    <p className="flex items-center gap-2 text-sm text-muted-foreground">
      <Clock className="h-4 w-4 shrink-0" aria-hidden="true" />
      <span>
        We answer within {within}
        {priority === 'high' ? ' for a high-priority ticket' : ''}.
      </span>
    </p>
  );
}
