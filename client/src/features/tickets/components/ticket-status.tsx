import { AlertCircle, CheckCircle2, Clock, PauseCircle } from 'lucide-react';
import { TICKET_STATUSES, type TicketPriority, type TicketStatus } from '@shared/schemas/tickets';
import { TICKET_KIND_LABELS, type TicketKind } from '@shared/schemas/updates';
import { Badge } from '@/components/ui/badge';
import { TICKET_STATUS_LOOK } from '@/components/ui/status-badge';

const STATUS_ICON = {
  open: AlertCircle,
  in_progress: Clock,
  waiting_on_client: PauseCircle,
  resolved: CheckCircle2,
} as const;
const STATUS_COLOR = {
  open: 'text-amber-600',
  in_progress: 'text-sky-600',
  waiting_on_client: 'text-violet-600',
  resolved: 'text-emerald-600',
} as const;

/** A status as a word, for filters and pickers. */
export const TICKET_STATUS_LABEL = Object.fromEntries(
  TICKET_STATUSES.map((status) => [status, TICKET_STATUS_LOOK[status].label]),
) as Record<TicketStatus, string>;

/** A status chosen in a picker or read from the URL; undefined for anything else. */
export function parseTicketStatus(value: string | null): TicketStatus | undefined {
  return TICKET_STATUSES.find((status) => status === value);
}

/** One <option> per status, for the status pickers and filters. */
export function TicketStatusOptions() {
  return TICKET_STATUSES.map((value) => (
    <option key={value} value={value}>
      {TICKET_STATUS_LABEL[value]}
    </option>
  ));
}

/** The status with its icon; underscores shown as spaces (spec section 4). */
export function TicketStatusLabel({ status }: { status: TicketStatus }) {
  const Icon = STATUS_ICON[status];
  return (
    <span className="inline-flex items-center gap-1.5 text-sm font-medium">
      <Icon className={`h-4 w-4 ${STATUS_COLOR[status]}`} aria-hidden="true" />
      {TICKET_STATUS_LABEL[status]}
    </span>
  );
}

/** Hidden for normal priority (spec section 4). */
export function PriorityBadge({ priority }: { priority: TicketPriority }) {
  if (priority === 'normal') return null;
  return (
    <Badge variant={priority === 'high' ? 'destructive' : 'secondary'}>
      {priority === 'high' ? 'High' : 'Low'} priority
    </Badge>
  );
}

/**
 * A ticket's kind (issue 28): "Website update" (counted against the plan) or "Question or
 * problem". `updatesOnly`: a list marks the updates and leaves the questions plain.
 */
export function TicketKindBadge({
  kind,
  updatesOnly = false,
}: {
  kind: TicketKind;
  updatesOnly?: boolean;
}) {
  if (updatesOnly && kind !== 'update') return null;
  return (
    <Badge variant={kind === 'update' ? 'default' : 'outline'}>{TICKET_KIND_LABELS[kind]}</Badge>
  );
}
