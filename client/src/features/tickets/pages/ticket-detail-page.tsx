import type { RefusedFile, RenamedFile } from '@shared/schemas/tickets';
import { QueryState } from '@/components/ui/query-state';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { useAddTicketMessage } from '@/features/tickets/api/add-ticket-message';
import { useTicket } from '@/features/tickets/api/get-ticket';
import type { FilesSent } from '@/features/tickets/components/message-form';
import { ResponsePromise } from '@/features/tickets/components/response-promise';
import { TicketThread } from '@/features/tickets/components/ticket-thread';
import { PortalPage } from '@/components/portal-page';
import { useUser } from '@/features/auth/public';
import { paths } from '@/lib/paths';

const BACK = { href: paths.portal.support(), label: 'Back to Tickets' };

/**
 * The files refused or renamed with the request, handed over by the new-ticket page (history
 * state).
 */
function filesWithRequest(): { refused: RefusedFile[]; renamed: RenamedFile[] } {
  const state = window.history.state as { refused?: unknown; renamed?: unknown } | null;
  return {
    refused: Array.isArray(state?.refused) ? (state.refused as RefusedFile[]) : [],
    renamed: Array.isArray(state?.renamed) ? (state.renamed as RenamedFile[]) : [],
  };
}

/** /portal/support/{id}: the ticket, its conversation, and a reply form while it is open. */
export function TicketDetailPage({ params }: { params: { id: string } }) {
  const detail = useTicket(params.id);
  const send = useAddTicketMessage(params.id);
  const { user } = useUser();
  const clientName =
    [user?.firstName, user?.lastName].filter(Boolean).join(' ') || (user?.email ?? null);

  if (!detail.data) {
    return (
      <PortalPage back={BACK} title="Ticket">
        <QueryState
          query={detail}
          what="ticket"
          notFoundText="It does not exist or is not yours."
          loading={
            <div className="space-y-3">
              <Skeleton className="h-6 w-1/2" />
              <Skeleton className="h-24 w-full" />
            </div>
          }
        />
      </PortalPage>
    );
  }

  const { ticket, attachments, messages } = detail.data;
  const onSend = (message: string, sent: FilesSent, files: File[]) =>
    send.mutate(
      { message, files },
      {
        onSuccess: ({ refused, renamed }) => {
          toast({
            title: 'Message Sent',
            description: 'Your message has been added to the ticket.',
          });
          sent({ refused, renamed });
        },
      },
    );
  const withRequest = filesWithRequest();

  return (
    <PortalPage back={BACK} title={ticket.subject}>
      <ResponsePromise priority={ticket.priority} status={ticket.status} />
      <TicketThread
        ticket={ticket}
        attachments={attachments}
        messages={messages}
        clientName={clientName}
        viewer="client"
        reply={
          ticket.status === 'resolved'
            ? null
            : {
                label: 'Your reply',
                draftKey: `ticket-reply:client:${ticket.id}`,
                submitLabel: 'Send Message',
                pending: send.isPending,
                onSend,
                initialRefused: withRequest.refused,
                initialRenamed: withRequest.renamed,
              }
        }
      />
    </PortalPage>
  );
}
