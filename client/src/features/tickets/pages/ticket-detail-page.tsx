import { CheckCircle2 } from 'lucide-react';
import { Link } from 'wouter';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api-request';
import { usePublicSettings } from '@/features/settings/public';
import { useAddTicketMessage } from '@/features/tickets/api/add-ticket-message';
import { useTicket } from '@/features/tickets/api/get-ticket';
import { MessageForm } from '@/features/tickets/components/message-form';
import { TicketConversation } from '@/features/tickets/components/ticket-conversation';
import { TicketHeader } from '@/features/tickets/components/ticket-header';
import { PortalPage } from '@/components/portal-page';

const BACK = { href: '/portal/support', label: 'Back to Tickets' };

/** /portal/support/{id}: the ticket, its conversation, and a reply form while it is open. */
export function TicketDetailPage({ params }: { params: { id: string } }) {
  const detail = useTicket(params.id);
  const send = useAddTicketMessage(params.id);
  const { businessName } = usePublicSettings();

  if (detail.isLoading) {
    return (
      <PortalPage back={BACK} title="Ticket">
        <div role="status" aria-label="Loading ticket" className="space-y-3">
          <Skeleton className="h-6 w-1/2" />
          <Skeleton className="h-24 w-full" />
        </div>
      </PortalPage>
    );
  }
  if (!detail.data) {
    const missing = detail.error instanceof ApiError && detail.error.status === 404;
    return (
      <PortalPage back={BACK} title={missing ? 'Ticket not found' : 'Ticket'}>
        <p role="alert" className="text-muted-foreground">
          {missing
            ? 'This ticket does not exist or is not yours.'
            : 'This ticket could not be loaded. Please reload the page.'}
        </p>
        <Link href="/portal/support" className="mt-4 inline-block text-primary hover:underline">
          Back to your tickets
        </Link>
      </PortalPage>
    );
  }

  const { ticket, messages } = detail.data;
  const onSend = (message: string, sent: () => void) =>
    send.mutate(message, {
      onSuccess: () => {
        toast({ title: 'Message Sent', description: 'Your message has been added to the ticket.' });
        sent();
      },
    });

  return (
    <PortalPage back={BACK} title={ticket.subject}>
      <div className="space-y-6">
        <Card>
          <CardContent className="pt-6">
            <TicketHeader ticket={ticket} />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Conversation</CardTitle>
          </CardHeader>
          <CardContent className="space-y-6">
            <TicketConversation messages={messages} agencyName={businessName} viewer="client" />
            {ticket.status === 'resolved' ? (
              <p className="flex items-center gap-2 rounded-md border bg-muted p-4 text-sm">
                <CheckCircle2 className="h-4 w-4 text-emerald-600" aria-hidden="true" />
                This ticket has been resolved and is closed for new messages.
              </p>
            ) : (
              <MessageForm
                label="Your reply"
                submitLabel="Send Message"
                pending={send.isPending}
                onSend={onSend}
              />
            )}
          </CardContent>
        </Card>
      </div>
    </PortalPage>
  );
}
