import { Paperclip, RotateCw } from 'lucide-react';
import { Link } from 'wouter';
import {
  KEPT_IN_OUTBOX,
  OUTBOX_LIST_PARAMS,
  OUTBOX_STATUS_LABELS,
  OUTBOX_STATUSES,
  type OutboxEntry,
  type OutboxMessage,
} from '@shared/schemas/mail';
import { Badge, type BadgeProps } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { ListAndReader, ReaderListItem } from '@/components/ui/list-and-reader';
import { ListFilter, ListToolbar, PagedList } from '@/components/ui/paged-list';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { QueryState } from '@/components/ui/query-state';
import { formatDateTime } from '@/lib/dates';
import { listQueryString, useListParams } from '@/lib/list-params';
import { cn } from '@/lib/utils';
import { useOutbox } from '@/features/mail/api/get-outbox';
import { useOutboxMessage } from '@/features/mail/api/get-outbox-message';
import { useSendOutboxMessage } from '@/features/mail/api/send-outbox-message';
import { paths } from '@/lib/paths';

const STATUS_VARIANTS: Record<OutboxEntry['status'], BadgeProps['variant']> = {
  stored: 'secondary',
  sent: 'success',
  failed: 'destructive',
};

function StatusBadge({ status }: { status: OutboxEntry['status'] }) {
  return <Badge variant={STATUS_VARIANTS[status]}>{OUTBOX_STATUS_LABELS[status]}</Badge>;
}

/** Why a code or link that opens the recipient's account is hidden, or shown. */
const LIVE_SECRET_NOTES: Record<NonNullable<OutboxMessage['liveSecret']>, string> = {
  hidden:
    "It carries a code or link that opens the recipient's account and still works: it is hidden here, as any admin could use it. The recipient got it whole, and Send again sends it whole.",
  shown:
    "It carries a code or link that opens the recipient's account and still works. It is shown because no mail server is configured (SMTP_URL): the outbox is how it reaches the recipient. With a mail server it is hidden here.",
};

const tries = (attempts: number) => (attempts === 1 ? 'Tried once' : `Tried ${attempts} times`);

/**
 * The recipient, linked to their client page when they are a client account: underlined, as
 * it sits in a line of text (colour alone would not tell it apart).
 */
function Recipient({ entry }: { entry: Pick<OutboxEntry, 'toAddress' | 'clientId'> }) {
  return entry.clientId ? (
    <Link
      href={paths.admin.client(entry.clientId)}
      className="text-primary underline underline-offset-2 hover:decoration-2"
    >
      {entry.toAddress}
    </Link>
  ) : (
    <>{entry.toAddress}</>
  );
}

/** The mutation belongs to the message's view: the button goes once the message is sent. */
function SendAgain({ id, send }: { id: string; send: ReturnType<typeof useSendOutboxMessage> }) {
  return (
    <Button
      size="sm"
      disabled={send.isPending}
      onClick={() =>
        send.mutate(id, {
          onSuccess: (resent) => toast({ title: 'Sent', description: resent.message }),
        })
      }
    >
      <RotateCw className={cn('h-4 w-4', send.isPending && 'animate-spin')} aria-hidden="true" />
      {send.isPending ? 'Sending…' : 'Send again'}
    </Button>
  );
}

function MessageView({ id }: { id: string }) {
  const message = useOutboxMessage(id);
  const send = useSendOutboxMessage();
  if (!message.data) {
    return (
      <QueryState query={message} what="message" loading={<Skeleton className="h-64 w-full" />} />
    );
  }
  const mail = message.data;
  return (
    <Card>
      <CardHeader className="space-y-3">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <CardTitle className="min-w-0 break-words">{mail.subject}</CardTitle>
          <StatusBadge status={mail.status} />
        </div>
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 text-sm">
          <dt className="text-muted-foreground">From</dt>
          <dd className="break-words">{mail.fromAddress}</dd>
          <dt className="text-muted-foreground">To</dt>
          <dd className="break-words">
            <Recipient entry={mail} />
          </dd>
          <dt className="text-muted-foreground">Date</dt>
          <dd>{formatDateTime(mail.createdAt)}</dd>
          {mail.replyTo && (
            <>
              <dt className="text-muted-foreground">Reply-To</dt>
              <dd className="break-all">{mail.replyTo}</dd>
            </>
          )}
          <dt className="text-muted-foreground">Message-ID</dt>
          <dd className="break-all">
            {mail.messageId ?? (
              <span className="text-muted-foreground">
                {mail.status === 'sent' ? "The mail server's" : 'Given when it is sent'}
              </span>
            )}
          </dd>
        </dl>
        {mail.status === 'stored' && (
          <p className="rounded-md bg-muted p-3 text-sm">{KEPT_IN_OUTBOX}.</p>
        )}
        {mail.status === 'failed' && (
          <div className="space-y-3 rounded-md bg-destructive/10 p-3 text-sm text-destructive">
            <p role="alert" className="break-words">
              Not sent: {mail.error ?? 'the mail server did not take it.'}
            </p>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <span>{tries(mail.attempts)}.</span>
              <SendAgain id={mail.id} send={send} />
            </div>
          </div>
        )}
        {mail.status === 'sent' && mail.attempts > 1 && (
          <p className="text-sm text-muted-foreground">Sent on try {mail.attempts}.</p>
        )}
        {mail.liveSecret && (
          <p className="rounded-md border p-3 text-sm">{LIVE_SECRET_NOTES[mail.liveSecret]}</p>
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
                  className="inline-flex items-center gap-2 break-all text-sm font-medium text-primary hover:underline"
                >
                  <Paperclip className="h-4 w-4 shrink-0" aria-hidden="true" />
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

/**
 * /admin/outbox?q=&status=&page= and /admin/outbox/{id}: every e-mail the product sent, kept
 * or could not send, one page at a time, newest first; the chosen one beside the list.
 */
export function OutboxPage({ params: route }: { params: { id?: string } }) {
  const { params, update } = useListParams(OUTBOX_LIST_PARAMS);
  const outbox = useOutbox(params);
  const selected = route.id;
  const query = listQueryString(OUTBOX_LIST_PARAMS, params);
  return (
    <div className="space-y-6">
      <div>
        <h1 className="font-display text-3xl font-bold">Outbox</h1>
        <p className="text-muted-foreground">
          Every e-mail the site writes. Without a mail server (SMTP_URL) they are kept here and none
          is sent; one the mail server refuses is tried again a few times.
        </p>
      </div>
      <ListToolbar
        search={{
          label: 'Search the outbox',
          placeholder: 'Recipient or subject',
          value: params.q ?? '',
          onSearch: (q) => update({ q }, { replace: true }),
        }}
      >
        <ListFilter
          label="Status"
          all="All statuses"
          value={params.status}
          options={OUTBOX_STATUSES}
          labelOf={(status) => OUTBOX_STATUS_LABELS[status]}
          onChange={(status) => update({ status })}
        />
      </ListToolbar>
      <ListAndReader
        selected={selected}
        reader={(id) => <MessageView id={id} />}
        placeholder="Choose a message to read it."
        list={
          <PagedList
            query={outbox}
            what="Messages"
            filtered={Boolean(params.q || params.status)}
            onPage={(page) => update({ page: String(page) })}
            empty="No e-mail yet."
          >
            {(entries) => (
              <ul className="divide-y rounded-lg border bg-card" aria-label="Messages">
                {entries.map((entry) => (
                  <ReaderListItem
                    key={entry.id}
                    href={paths.admin.outboxMessage(entry.id, query)}
                    current={entry.id === selected}
                    title={entry.subject}
                    badge={<StatusBadge status={entry.status} />}
                  >
                    <p className="break-words text-sm text-muted-foreground">
                      To <Recipient entry={entry} /> · {formatDateTime(entry.createdAt)}
                    </p>
                    {entry.status === 'failed' && (
                      <p className="break-words text-sm text-destructive">
                        {tries(entry.attempts)}: {entry.error}
                      </p>
                    )}
                  </ReaderListItem>
                ))}
              </ul>
            )}
          </PagedList>
        }
      />
    </div>
  );
}
