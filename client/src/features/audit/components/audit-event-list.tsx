import { formatCents } from '@shared/money';
import {
  AUDIT_KIND_LABELS,
  AUDIT_KINDS,
  AUDIT_MONEY_FIELDS,
  type AuditEvent,
} from '@shared/schemas/audit';
import { Link } from 'wouter';
import { Badge } from '@/components/ui/badge';
import { formatDateTime } from '@/lib/dates';
import { paths } from '@/lib/paths';

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

/** How each kind of target is called in a sentence. */
const TARGET_TYPES: Record<string, string> = {
  client: 'client',
  admin: 'admin',
  admin_invite: 'admin invitation',
  invoice: 'invoice',
  payment: 'payment',
  ticket: 'ticket',
  signup_link: 'signup link',
  outbox_message: 'e-mail',
  settings: 'settings',
};

/** The screen of a target that has one. */
function targetHref(type: string, id: string): string | undefined {
  if (type === 'client') return paths.admin.client(id);
  if (type === 'invoice') return paths.admin.invoice(id);
  if (type === 'ticket') return paths.admin.ticket(id);
  if (type === 'outbox_message') return paths.admin.outboxMessage(id);
  return undefined;
}

/**
 * What the event is about: its name (a client's name, an invoice's number), linked to its
 * screen when it has one; the stored id only when the record has no name any more.
 */
function Target({ event }: { event: AuditEvent }) {
  if (!event.targetType) return null;
  const type = TARGET_TYPES[event.targetType] ?? event.targetType.replace(/_/g, ' ');
  const href =
    event.targetName && event.targetId ? targetHref(event.targetType, event.targetId) : undefined;
  return (
    <>
      <span className="text-muted-foreground"> · {type} </span>
      {event.targetName ? (
        href ? (
          <Link href={href} className="text-primary underline underline-offset-2">
            {event.targetName}
          </Link>
        ) : (
          <span>{event.targetName}</span>
        )
      ) : (
        event.targetType !== 'settings' && (
          <span className="break-all font-mono text-xs">{event.targetId}</span>
        )
      )}
    </>
  );
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
              <Target event={event} />
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
