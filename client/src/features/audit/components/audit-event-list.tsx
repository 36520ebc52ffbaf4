import { formatCents } from '@shared/money';
import {
  AUDIT_KIND_LABELS,
  AUDIT_KINDS,
  AUDIT_MONEY_FIELDS,
  type AuditEvent,
} from '@shared/schemas/audit';
import { Badge } from '@/components/ui/badge';
import { formatDateTime } from '@/lib/dates';

function show(key: string, value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (AUDIT_MONEY_FIELDS.has(key) && typeof value === 'number' && Number.isInteger(value)) {
    return formatCents(value);
  }
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

/** The kind as the agency reads it; a kind this screen does not know yet as it is stored. */
function kindLabel(kind: string): string {
  const known = AUDIT_KINDS.find((candidate) => candidate === kind);
  return known ? AUDIT_KIND_LABELS[known] : kind;
}

/** Each changed field as `field: before → after`; one side alone for creations and deletions. */
export function changeLines(event: Pick<AuditEvent, 'before' | 'after'>): string[] {
  const keys = [
    ...new Set([...Object.keys(event.before ?? {}), ...Object.keys(event.after ?? {})]),
  ];
  return keys.map((key) => {
    const before = event.before?.[key];
    const after = event.after?.[key];
    if (!event.before) return `${key}: ${show(key, after)}`;
    if (!event.after) return `${key}: ${show(key, before)}`;
    return `${key}: ${show(key, before)} → ${show(key, after)}`;
  });
}

/**
 * The events as cards at every width: long values wrap inside the card, nothing scrolls
 * sideways at 390 px.
 */
export function AuditEventList({ events }: { events: AuditEvent[] }) {
  return (
    <ul className="divide-y rounded-lg border bg-card">
      {events.map((event) => {
        const lines = changeLines(event);
        const label =
          event.before && !event.after
            ? 'Before'
            : event.after && !event.before
              ? 'Values'
              : 'Changes';
        return (
          <li key={event.id} className="space-y-2 px-4 py-3" data-testid="audit-event">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <Badge variant={event.kind.endsWith('failed') ? 'destructive' : 'secondary'}>
                {kindLabel(event.kind)}
              </Badge>
              <time dateTime={event.createdAt} className="text-sm text-muted-foreground">
                {formatDateTime(event.createdAt)}
              </time>
            </div>
            <p className="break-words text-sm">
              <span className="text-muted-foreground">By </span>
              {event.actorEmail ?? 'the system'}
              {event.targetType && (
                <>
                  <span className="text-muted-foreground"> · {event.targetType} </span>
                  <span className="break-all font-mono text-xs">{event.targetId}</span>
                </>
              )}
            </p>
            {lines.length > 0 && (
              <div className="text-sm">
                <p className="sr-only">{label}</p>
                <ul className="space-y-0.5 rounded-md bg-muted/40 p-2 font-mono text-xs">
                  {lines.map((line) => (
                    <li key={line} className="whitespace-pre-wrap break-words">
                      {line}
                    </li>
                  ))}
                </ul>
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
