import { AlertTriangle, Clock, PauseCircle } from 'lucide-react';
import type { AdminTicket } from '@shared/schemas/tickets';
import { formatDateTime, formatTimeFromNow } from '@/lib/dates';
import { cn } from '@/lib/utils';

/**
 * When the agency's answer is due, in words and as a date ('Due in about 3 hours · Nov 27,
 * 2026 at 9:00 AM'); overdue in red and said in words, so colour is never the only sign. A
 * ticket owing no answer says why (waiting on the client, answered, resolved).
 */
export function ResponseDue({
  ticket,
  now = new Date(),
  className,
}: {
  ticket: Pick<AdminTicket, 'status' | 'responseDueAt'>;
  now?: Date;
  className?: string;
}) {
  const { status, responseDueAt } = ticket;
  if (!responseDueAt) {
    const text =
      status === 'waiting_on_client'
        ? 'Clock paused: waiting on client'
        : status === 'resolved'
          ? 'Resolved: no answer due'
          : 'Answered: no answer due';
    const Icon = status === 'waiting_on_client' ? PauseCircle : Clock;
    return (
      <span className={cn('inline-flex items-center gap-1.5 text-muted-foreground', className)}>
        <Icon className="h-4 w-4 shrink-0" aria-hidden="true" />
        {text}
      </span>
    );
  }
  const overdue = new Date(responseDueAt) <= now;
  const Icon = overdue ? AlertTriangle : Clock;
  return (
    <span
      className={cn(
        'inline-flex flex-wrap items-center gap-x-1.5',
        overdue ? 'font-semibold text-destructive' : 'text-foreground',
        className,
      )}
    >
      <Icon className="h-4 w-4 shrink-0" aria-hidden="true" />
      <span>
        {overdue ? 'Overdue: was due ' : 'Answer due '}
        {formatTimeFromNow(responseDueAt, now)}
      </span>
      <span className={overdue ? undefined : 'text-muted-foreground'}>
        · <time dateTime={responseDueAt}>{formatDateTime(responseDueAt)}</time>
      </span>
    </span>
  );
}
