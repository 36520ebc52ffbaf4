import { Download } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import type { ClientAccount } from '@shared/schemas/clients';
import {
  INBOUND_LIST_PARAMS,
  INBOUND_STATE_FILTER_LABELS,
  INBOUND_STATE_FILTERS,
  INBOUND_STATE_LABELS,
  INBOUND_VIA_LABELS,
  isHeldInboundState,
  type InboundMessage,
  type InboundState,
} from '@shared/schemas/inbound';
import { Badge, type BadgeProps } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { ListAndReader, ReaderListItem } from '@/components/ui/list-and-reader';
import { ListFilter, ListToolbar, PagedList } from '@/components/ui/paged-list';
import { QueryState } from '@/components/ui/query-state';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { formatDateTime } from '@/lib/dates';
import { listQueryString, useListParams } from '@/lib/list-params';
import { paths } from '@/lib/paths';
import { cn } from '@/lib/utils';
import { ClientPicker } from '@/features/clients/public';
import { useInbound } from '../api/get-inbound';
import { inboundRawUrl, useInboundMessage } from '../api/get-inbound-message';
import { useInboundToConsultation, useReleaseInboundMessage } from '../api/decide-held-message';

const STATE_VARIANTS: Record<InboundState, BadgeProps['variant']> = {
  received: 'secondary',
  new_ticket: 'success',
  added: 'success',
  released: 'success',
  consultation: 'success',
  auto_reply: 'outline',
  bounce: 'outline',
  unknown_sender: 'warning',
  not_verified: 'warning',
  too_large: 'destructive',
  failed: 'destructive',
};

function StateBadge({ state }: { state: InboundState }) {
  return (
    <Badge variant={STATE_VARIANTS[state]} className="shrink-0">
      {INBOUND_STATE_LABELS[state]}
    </Badge>
  );
}

const subjectOf = (message: Pick<InboundMessage, 'subject' | 'state'>) =>
  message.subject ?? (message.state === 'received' ? 'Not read yet' : '(no subject)');

const senderOf = (message: Pick<InboundMessage, 'from' | 'fromName'>) =>
  message.fromName && message.from
    ? `${message.fromName} <${message.from}>`
    : (message.from ?? 'Unknown sender');

function sizeOf(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.ceil(bytes / 1024)} kB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

const deliveriesText = (n: number) =>
  n === 1 ? 'Once' : `${n} times (the duplicates were applied once)`;

/** A held message's two ways out: a client's ticket, or a consultation request. */
function HeldActions({ message }: { message: InboundMessage }) {
  const [client, setClient] = useState<ClientAccount | null>(null);
  const release = useReleaseInboundMessage();
  const consult = useInboundToConsultation();
  const busy = release.isPending || consult.isPending;
  return (
    <section
      aria-labelledby="held-heading"
      className="space-y-4 rounded-md border border-amber-300 bg-amber-50 p-4 text-sm"
    >
      <h2 id="held-heading" className="font-semibold">
        Held: no client sees this message until you decide
      </h2>
      <div className="space-y-2">
        <p>Release it into a ticket of the client who sent it:</p>
        {client ? (
          <div className="flex flex-wrap items-center gap-2">
            <span className="break-all">
              <span className="font-medium">{client.name}</span>
              {client.email && ` (${client.email})`}
            </span>
            <Button type="button" variant="outline" size="sm" onClick={() => setClient(null)}>
              Choose another
            </Button>
          </div>
        ) : (
          <ClientPicker
            onSelect={setClient}
            hints={{
              idle: 'Search by the sender’s name, e-mail or business.',
              noMatch: 'No client matches: invite them first, or make it a consultation request.',
            }}
          />
        )}
        <Button
          type="button"
          disabled={!client || busy}
          onClick={() =>
            client &&
            release.mutate(
              { id: message.id, userId: client.id },
              { onSuccess: () => toast({ title: 'Released into a ticket' }) },
            )
          }
        >
          {release.isPending ? 'Releasing…' : 'Release into a ticket'}
        </Button>
      </div>
      <div className="space-y-2 border-t border-amber-300 pt-4">
        <p>Or, from someone who is not a client yet:</p>
        <Button
          type="button"
          variant="outline"
          disabled={busy}
          onClick={() =>
            consult.mutate(
              { id: message.id },
              { onSuccess: () => toast({ title: 'Consultation request created' }) },
            )
          }
        >
          {consult.isPending ? 'Creating…' : 'Turn into a consultation request'}
        </Button>
      </div>
    </section>
  );
}

function Verdicts({ message }: { message: InboundMessage }) {
  const auth = message.authentication;
  if (!auth) {
    return <p className="text-sm text-muted-foreground">Sender checks: not run yet.</p>;
  }
  const rows: Array<[string, string]> = [
    ['DKIM', auth.dkim],
    ['SPF', auth.spf],
    ['DMARC', auth.dmarcDomain ? `${auth.dmarc} (${auth.dmarcDomain})` : auth.dmarc],
  ];
  return (
    <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 text-sm" aria-label="Sender checks">
      {rows.map(([name, verdict]) => (
        <div key={name} className="contents">
          <dt className="text-muted-foreground">{name}</dt>
          <dd className={cn('break-words', verdict.startsWith('pass') && 'text-emerald-800')}>
            {verdict}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function MessageView({ id }: { id: string }) {
  const query = useInboundMessage(id);
  if (!query.data) {
    return (
      <QueryState query={query} what="message" loading={<Skeleton className="h-64 w-full" />} />
    );
  }
  const message = query.data;
  return (
    <Card>
      <CardHeader className="space-y-3">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <CardTitle className="min-w-0 break-words">{subjectOf(message)}</CardTitle>
          <StateBadge state={message.state} />
        </div>
        {message.stateDetail && <p className="break-words text-sm">{message.stateDetail}</p>}
        {message.ticket && (
          <p className="text-sm">
            <Link
              href={paths.admin.ticket(message.ticket.id)}
              className="text-primary underline underline-offset-2 hover:decoration-2"
            >
              Ticket #{message.ticket.number}
            </Link>
          </p>
        )}
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
          <dt className="text-muted-foreground">From</dt>
          <dd className="break-all">{senderOf(message)}</dd>
          <dt className="text-muted-foreground">Received</dt>
          <dd>{formatDateTime(message.receivedAt)}</dd>
          <dt className="text-muted-foreground">Via</dt>
          <dd>{INBOUND_VIA_LABELS[message.via]}</dd>
          <dt className="text-muted-foreground">Delivered</dt>
          <dd>{deliveriesText(message.deliveries)}</dd>
          <dt className="text-muted-foreground">Size</dt>
          <dd>{sizeOf(message.size)}</dd>
          <dt className="text-muted-foreground">Message-ID</dt>
          <dd className="break-all">{message.messageId}</dd>
        </dl>
      </CardHeader>
      <CardContent className="space-y-4">
        <Verdicts message={message} />
        {message.refusedFiles.length > 0 && (
          <section aria-labelledby="refused-heading" className="space-y-1 text-sm">
            <h2 id="refused-heading" className="font-semibold">
              Files not kept
            </h2>
            <ul className="list-disc space-y-1 pl-5">
              {message.refusedFiles.map((file, index) => (
                <li key={index} className="break-words">
                  <span className="font-medium">{file.filename}</span>: {file.reason}
                </li>
              ))}
            </ul>
          </section>
        )}
        {isHeldInboundState(message.state) && <HeldActions message={message} />}
        {message.originalKept ? (
          <a
            href={inboundRawUrl(message.id)}
            className="inline-flex items-center gap-2 text-sm font-medium text-primary hover:underline"
          >
            <Download className="h-4 w-4" aria-hidden="true" />
            Download the message as received (.eml)
          </a>
        ) : (
          <p className="text-sm text-muted-foreground">
            The message as received is no longer kept
            {message.originalRemovedAt && (
              <> (deleted {formatDateTime(message.originalRemovedAt)})</>
            )}
            : originals are deleted after the number of days set in Settings (Support e-mail).
          </p>
        )}
      </CardContent>
    </Card>
  );
}

/**
 * /admin/support/inbound?q=&state=&page= and /admin/support/inbound/{id}: every e-mail received
 * for the support address, newest first, with what became of it and why; the chosen one
 * beside the list (below it on a phone).
 */
export function InboundPage({ params: route }: { params: { id?: string } }) {
  const { params, update } = useListParams(INBOUND_LIST_PARAMS);
  const inbound = useInbound(params);
  const selected = route.id;
  const query = listQueryString(INBOUND_LIST_PARAMS, params);
  return (
    <div className="space-y-6">
      <div>
        <p className="text-sm">
          <Link href={paths.admin.support()} className="text-primary hover:underline">
            Support
          </Link>
        </p>
        <h1 className="font-display text-3xl font-bold">Inbound e-mail</h1>
        <p className="text-muted-foreground">
          Every e-mail received for the support address, and what became of it. Held messages reach
          no client until you release them.
        </p>
      </div>
      <ListToolbar
        search={{
          label: 'Search inbound e-mail',
          placeholder: 'Sender or subject',
          value: params.q ?? '',
          onSearch: (q) => update({ q }, { replace: true }),
        }}
      >
        <ListFilter
          label="State"
          all="All states"
          value={params.state}
          options={INBOUND_STATE_FILTERS}
          labelOf={(state) => INBOUND_STATE_FILTER_LABELS[state]}
          onChange={(state) => update({ state })}
        />
      </ListToolbar>
      <ListAndReader
        selected={selected}
        reader={(id) => <MessageView id={id} />}
        placeholder="Choose a message to see what became of it."
        list={
          <PagedList
            query={inbound}
            what="Messages"
            filtered={Boolean(params.q || params.state)}
            onPage={(page) => update({ page: String(page) })}
            empty="No e-mail received yet."
          >
            {(messages) => (
              <ul className="divide-y rounded-lg border bg-card" aria-label="Messages">
                {messages.map((message) => (
                  <ReaderListItem
                    key={message.id}
                    href={paths.admin.inboundMessage(message.id, query)}
                    current={message.id === selected}
                    title={subjectOf(message)}
                    badge={<StateBadge state={message.state} />}
                  >
                    <p className="break-all text-sm text-muted-foreground">{senderOf(message)}</p>
                    <p className="text-sm text-muted-foreground">
                      {formatDateTime(message.receivedAt)} · {INBOUND_VIA_LABELS[message.via]}
                      {message.deliveries > 1 && ` · delivered ${message.deliveries} times`}
                      {message.ticket && ` · ticket #${message.ticket.number}`}
                    </p>
                    {message.stateDetail && (
                      <p className="break-words text-sm">{message.stateDetail}</p>
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
