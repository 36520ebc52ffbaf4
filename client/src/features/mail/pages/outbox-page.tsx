import { Paperclip } from 'lucide-react';
import { Link } from 'wouter';
import type { OutboxEntry } from '@shared/schemas/mail';
import { Badge, type BadgeProps } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { QueryList } from '@/components/ui/query-list';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api-request';
import { formatDateTime } from '@/lib/dates';
import { cn } from '@/lib/utils';
import { useOutbox } from '@/features/mail/api/get-outbox';
import { useOutboxMessage } from '@/features/mail/api/get-outbox-message';

const STATUS: Record<OutboxEntry['status'], { label: string; variant: BadgeProps['variant'] }> = {
  stored: { label: 'In outbox', variant: 'secondary' },
  sent: { label: 'Sent', variant: 'success' },
  failed: { label: 'Failed', variant: 'destructive' },
};

function MessageView({ id }: { id: string }) {
  const message = useOutboxMessage(id);
  if (message.isLoading) return <Skeleton className="h-64 w-full" />;
  if (!message.data) {
    const missing = message.error instanceof ApiError && message.error.status === 404;
    return (
      <p role="alert" className="text-muted-foreground">
        {missing ? 'Message not found' : 'This message could not be loaded.'}
      </p>
    );
  }
  const mail = message.data;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{mail.subject}</CardTitle>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 text-sm">
          <dt className="text-muted-foreground">From</dt>
          <dd>{mail.fromAddress}</dd>
          <dt className="text-muted-foreground">To</dt>
          <dd>{mail.toAddress}</dd>
          <dt className="text-muted-foreground">Date</dt>
          <dd>{formatDateTime(mail.createdAt)}</dd>
        </dl>
        {mail.error && (
          <p role="alert" className="rounded-md bg-destructive/10 p-3 text-sm text-destructive">
            Not sent: {mail.error}
          </p>
        )}
      </CardHeader>
      <CardContent className="space-y-4">
        <pre className="whitespace-pre-wrap break-words rounded-md border bg-muted/40 p-4 font-sans text-sm">
          {mail.text}
        </pre>
        {mail.attachments.length > 0 && (
          <ul className="space-y-2">
            {mail.attachments.map((attachment) => (
              <li key={attachment.index}>
                <a
                  href={`/api/admin/outbox/${mail.id}/attachments/${attachment.index}`}
                  className="inline-flex items-center gap-2 text-sm font-medium text-primary hover:underline"
                >
                  <Paperclip className="h-4 w-4" aria-hidden="true" />
                  {attachment.filename} ({Math.ceil(attachment.size / 1024)} kB)
                </a>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

/** /admin/outbox and /admin/outbox/{id}: every e-mail the product sent or kept. */
export function OutboxPage({ params }: { params: { id?: string } }) {
  const outbox = useOutbox();
  const selected = params.id;
  return (
    <div className="space-y-6">
      <div>
        <h1 className="font-display text-3xl font-bold">Outbox</h1>
        <p className="text-muted-foreground">
          Every e-mail the site sends. Without an SMTP server (SMTP_URL) messages stay here.
        </p>
      </div>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <div>
          <QueryList query={outbox} what="The outbox" empty="No e-mail yet.">
            {(entries) => (
              <ul className="divide-y rounded-lg border bg-card">
                {entries.map((entry) => (
                  <li key={entry.id}>
                    <Link
                      href={`/admin/outbox/${entry.id}`}
                      aria-current={entry.id === selected ? 'true' : undefined}
                      className={cn(
                        'block px-4 py-3 hover:bg-muted/50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                        entry.id === selected && 'bg-muted',
                      )}
                    >
                      <span className="flex items-center justify-between gap-3">
                        <span className="truncate font-medium">{entry.subject}</span>
                        <Badge variant={STATUS[entry.status].variant}>
                          {STATUS[entry.status].label}
                        </Badge>
                      </span>
                      <span className="block truncate text-sm text-muted-foreground">
                        To {entry.toAddress} · {formatDateTime(entry.createdAt)}
                      </span>
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </QueryList>
        </div>
        <div>
          {selected ? (
            <MessageView id={selected} />
          ) : (
            <p className="text-muted-foreground">Choose a message to read it.</p>
          )}
        </div>
      </div>
    </div>
  );
}
