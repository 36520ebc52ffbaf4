import type { TicketMessageEntry } from '@shared/schemas/tickets';
import { formatDateTime } from '@/lib/dates';
import { cn } from '@/lib/utils';
import { AttachmentList } from './attachment-list';
import { OriginalEmail } from './original-email';

/**
 * The messages of a ticket, oldest first. The agency's replies sit on the other side in
 * another colour and are labelled, so the difference does not rest on colour alone.
 */
export function TicketConversation({
  ticketId,
  messages,
  agencyName,
  clientName,
  viewer,
}: {
  ticketId: string;
  messages: TicketMessageEntry[];
  agencyName: string;
  /** The client's name (or e-mail), when known: their messages carry it on both screens. */
  clientName: string | null;
  /** Whose screen this is: their own messages are "You". */
  viewer: 'client' | 'admin';
}) {
  if (messages.length === 0) {
    return <p className="text-sm text-muted-foreground">No messages yet.</p>;
  }
  return (
    <ol className="space-y-4" aria-label="Conversation">
      {messages.map((entry) => {
        const own = entry.isAdminReply === (viewer === 'admin');
        const author = entry.isAdminReply
          ? viewer === 'admin'
            ? `You (${agencyName})`
            : agencyName
          : viewer === 'client'
            ? clientName
              ? `You (${clientName})`
              : 'You'
            : (clientName ?? 'Client');
        return (
          <li
            key={entry.id}
            data-admin-reply={entry.isAdminReply}
            className={cn('flex', own ? 'justify-end' : 'justify-start')}
          >
            <div
              className={cn(
                'max-w-[85%] rounded-lg border px-4 py-3',
                entry.isAdminReply ? 'border-primary/30 bg-primary/10' : 'bg-card',
              )}
            >
              <p className="text-xs font-semibold">
                {author}
                {entry.isAdminReply && viewer === 'client' && (
                  <span className="ml-2 inline-block whitespace-nowrap rounded bg-primary px-1.5 py-0.5 text-[10px] uppercase text-primary-foreground">
                    Support team
                  </span>
                )}
                {entry.source === 'email' && (
                  <span className="ml-2 font-normal text-muted-foreground">by e-mail</span>
                )}
              </p>
              <p className="mt-1 whitespace-pre-wrap break-words text-sm">{entry.message}</p>
              <AttachmentList attachments={entry.attachments} />
              <p className="mt-2 text-xs text-muted-foreground">
                {formatDateTime(entry.createdAt)}
              </p>
              {entry.source === 'email' && viewer === 'admin' && (
                <OriginalEmail ticketId={ticketId} messageId={entry.id} />
              )}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
