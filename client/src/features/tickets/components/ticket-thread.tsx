import { CheckCircle2 } from 'lucide-react';
import type { ComponentProps } from 'react';
import type { Attachment, Ticket, TicketMessageEntry } from '@shared/schemas/tickets';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { usePublicSettings } from '@/features/settings/public';
import { AttachmentList } from './attachment-list';
import { MessageForm } from './message-form';
import { OriginalEmail } from './original-email';
import { TicketConversation } from './ticket-conversation';
import { TicketHeader } from './ticket-header';

/**
 * A ticket as both sides see it: its header, the conversation, and the form to answer. The
 * client's page and the agency's page differ only in who "You" is and in the reply form.
 */
export function TicketThread({
  ticket,
  attachments,
  messages,
  clientName,
  viewer,
  reply,
}: {
  ticket: Ticket;
  /** The files sent with the request. */
  attachments: Attachment[];
  messages: TicketMessageEntry[];
  /** Who the client is (name, else e-mail), when known. */
  clientName: string | null;
  /** Whose screen this is: their own messages are "You". */
  viewer: 'client' | 'admin';
  /** The reply form; null when the ticket is closed for new messages. */
  reply: ComponentProps<typeof MessageForm> | null;
}) {
  const { businessName } = usePublicSettings();
  return (
    <div className="space-y-6">
      <Card>
        <CardContent className="pt-6">
          <TicketHeader ticket={ticket} />
          <AttachmentList attachments={attachments} />
          {ticket.source === 'email' && viewer === 'admin' && (
            <OriginalEmail ticketId={ticket.id} messageId={null} />
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Conversation</CardTitle>
        </CardHeader>
        <CardContent className="space-y-6">
          <TicketConversation
            ticketId={ticket.id}
            messages={messages}
            agencyName={businessName}
            clientName={clientName}
            viewer={viewer}
          />
          {reply ? (
            // A new form per ticket: each starts from its own draft.
            <MessageForm key={reply.draftKey} {...reply} />
          ) : (
            <p className="flex items-center gap-2 rounded-md border bg-muted p-4 text-sm">
              <CheckCircle2 className="h-4 w-4 text-emerald-600" aria-hidden="true" />
              This ticket has been resolved and is closed for new messages.
            </p>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
