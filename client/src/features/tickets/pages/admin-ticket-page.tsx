import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { fillSavedReply } from '@shared/schemas/saved-replies';
import type { TicketStatus } from '@shared/schemas/tickets';
import { TICKET_KIND_LABELS, TICKET_KINDS, type TicketKind } from '@shared/schemas/updates';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { QueryState } from '@/components/ui/query-state';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { useAdminTicket } from '@/features/tickets/api/get-admin-ticket';
import { useReplyToTicket } from '@/features/tickets/api/reply-to-ticket';
import { useSetTicketKind } from '@/features/tickets/api/set-ticket-kind';
import { useSetTicketStatus } from '@/features/tickets/api/set-ticket-status';
import type { FilesSent } from '@/features/tickets/components/message-form';
import { TicketThread } from '@/features/tickets/components/ticket-thread';
import {
  parseTicketStatus,
  TICKET_STATUS_LABEL,
  TicketStatusOptions,
} from '@/features/tickets/components/ticket-status';
import { paths } from '@/lib/paths';
import { SavedReplyPicker } from '@/features/saved-replies/public';
import { ResponseDue } from '@/features/tickets/components/response-due';
import { replyVariables } from '@/features/tickets/components/reply-variables';

function BackLink() {
  return (
    <Link
      href={paths.admin.support()}
      className="inline-flex items-center gap-2 text-sm font-medium text-primary hover:underline"
    >
      <ArrowLeft className="h-4 w-4" aria-hidden="true" /> Back to Support
    </Link>
  );
}

/** /admin/support/{id}: the conversation, a reply, and the ticket's kind and status. */
export function AdminTicketPage({ params }: { params: { id: string } }) {
  const detail = useAdminTicket(params.id);
  const reply = useReplyToTicket(params.id);
  const setStatus = useSetTicketStatus(params.id);
  const setKind = useSetTicketKind(params.id);
  // '' = the default rule: an open ticket moves to in_progress with the reply.
  const [statusAfterReply, setStatusAfterReply] = useState<TicketStatus | ''>('');

  if (!detail.data) {
    return (
      <div className="space-y-4">
        <BackLink />
        <QueryState
          query={detail}
          what="ticket"
          titleAs="h1"
          loading={
            <div className="space-y-3">
              <Skeleton className="h-8 w-1/2" />
              <Skeleton className="h-32 w-full" />
            </div>
          }
        />
      </div>
    );
  }

  const { ticket, attachments, messages } = detail.data;

  const onReply = (message: string, sent: FilesSent, files: File[]) =>
    reply.mutate(
      { message, status: statusAfterReply || undefined, files },
      {
        onSuccess: ({ refused, renamed }) => {
          toast({ title: 'Reply Sent', description: 'The client can see your reply now.' });
          setStatusAfterReply('');
          sent({ refused, renamed });
        },
      },
    );

  const onStatus = (status: TicketStatus) =>
    setStatus.mutate(status, {
      onSuccess: () =>
        toast({ title: 'Ticket Updated', description: `Status: ${TICKET_STATUS_LABEL[status]}` }),
    });

  const onKind = (kind: TicketKind) =>
    setKind.mutate(kind, {
      onSuccess: () =>
        toast({ title: 'Ticket Updated', description: `Kind: ${TICKET_KIND_LABELS[kind]}` }),
    });

  return (
    <div className="space-y-6">
      <BackLink />
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="font-display text-3xl font-bold">{ticket.subject}</h1>
          <p className="mt-1 text-sm">
            <ResponseDue ticket={ticket} />
          </p>
          <p className="text-muted-foreground">
            {ticket.client.name ?? 'Client'} ·{' '}
            {ticket.client.email ? (
              <a href={`mailto:${ticket.client.email}`} className="hover:underline">
                {ticket.client.email}
              </a>
            ) : (
              'no e-mail'
            )}
          </p>
        </div>
        <div className="flex flex-wrap gap-4">
          <div className="w-48 space-y-2">
            <Label htmlFor="ticket-kind">Kind</Label>
            <NativeSelect
              id="ticket-kind"
              value={ticket.kind}
              disabled={setKind.isPending}
              onChange={(event) => {
                const kind = TICKET_KINDS.find((each) => each === event.target.value);
                if (kind) onKind(kind);
              }}
            >
              {TICKET_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {TICKET_KIND_LABELS[kind]}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="w-48 space-y-2">
            <Label htmlFor="ticket-status">Status</Label>
            <NativeSelect
              id="ticket-status"
              value={ticket.status}
              disabled={setStatus.isPending}
              onChange={(event) => {
                const status = parseTicketStatus(event.target.value);
                if (status) onStatus(status);
              }}
            >
              <TicketStatusOptions />
            </NativeSelect>
          </div>
        </div>
      </div>
      <TicketThread
        ticket={ticket}
        attachments={attachments}
        messages={messages}
        clientName={ticket.client.name ?? ticket.client.email}
        viewer="admin"
        reply={{
          label: 'Reply to the client',
          draftKey: `ticket-reply:admin:${ticket.id}`,
          submitLabel: 'Send Reply',
          pending: reply.isPending,
          onSend: onReply,
          tools: ({ textarea, insert }) => (
            <SavedReplyPicker
              textarea={textarea}
              insert={insert}
              fill={(body) => fillSavedReply(body, replyVariables(ticket))}
            />
          ),
          extra: (
            <div className="w-56 space-y-2">
              <Label htmlFor="status-after-reply">Then set status</Label>
              <NativeSelect
                id="status-after-reply"
                value={statusAfterReply}
                onChange={(event) =>
                  setStatusAfterReply(parseTicketStatus(event.target.value) ?? '')
                }
              >
                <option value="">
                  {ticket.status === 'open' ? 'In progress (default)' : 'Leave as it is'}
                </option>
                <TicketStatusOptions />
              </NativeSelect>
            </div>
          ),
        }}
      />
    </div>
  );
}
