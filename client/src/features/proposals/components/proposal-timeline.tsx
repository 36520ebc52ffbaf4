import { Check, Copy } from 'lucide-react';
import { useState } from 'react';
import type { ProposalEvent, ProposalEventKind } from '@shared/schemas/proposals';
import { Button } from '@/components/ui/button';
import { copyToClipboard } from '@/lib/copy-to-clipboard';
import { formatDateTime } from '@/lib/dates';

/**
 * What happened, in a few words, for each kind of evidence the proposal keeps. The specifics
 * (to whom, by whom, which invoice) are the event's own line: the server words it once, for
 * this timeline and the agreement's certificate alike.
 */
export function eventTitle(event: ProposalEvent): string {
  const titles: Record<ProposalEventKind, () => string> = {
    created: () => 'Created as a draft',
    edited: () => (event.version ? `Edited: version ${event.version}` : 'Edited'),
    sent: () => 'Sent',
    reminded: () => 'Reminder sent',
    viewed: () => 'Opened by the recipient',
    signed: () => 'Signed',
    declined: () => 'Declined by the recipient',
    expired: () => 'Expired unsigned',
    invoiced: () => 'Invoice issued',
    paid: () => 'First invoice paid',
    attached: () => "Attached to the client's account",
    invited: () => 'Invited to the portal',
    revoked: () => 'Link revoked',
    delivered: () => 'Signed agreement e-mailed',
  };
  return titles[event.kind]();
}

/** The event's own line under its title ('Signed by …', 'Sent to …'), unless it adds nothing. */
function eventDetail(event: ProposalEvent): string | null {
  if (!event.detail.trim() || event.detail === eventTitle(event)) return null;
  return event.kind === 'declined' ? `Reason: ${event.detail}` : event.detail;
}

/** The address the event concerns, unless its line names it already. */
function eventEmail(event: ProposalEvent): string | null {
  return event.email && !event.detail.includes(event.email) ? event.email : null;
}

/** A SHA-256 shortened to its first and last characters, copied whole. */
function HashLine({ label, hash }: { label: string; hash: string }) {
  const [copied, setCopied] = useState(false);
  const short = `${hash.slice(0, 12)}…${hash.slice(-6)}`;
  return (
    <div className="flex flex-wrap items-center gap-x-2">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="flex items-center gap-1 font-mono" title={hash}>
        <span aria-hidden="true">{short}</span>
        <span className="sr-only">{hash}</span>
        <Button
          type="button"
          variant="ghost"
          size="sm"
          className="h-7 px-2"
          onClick={() => void copyToClipboard(hash, label).then(setCopied)}
        >
          {copied ? (
            <Check className="h-3.5 w-3.5" aria-hidden="true" />
          ) : (
            <Copy className="h-3.5 w-3.5" aria-hidden="true" />
          )}
          <span className="sr-only">Copy the {label.toLowerCase()}</span>
        </Button>
      </dd>
    </div>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex flex-wrap gap-x-2">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="break-all">{value}</dd>
    </div>
  );
}

/**
 * The proposal's evidence, oldest first: what happened and when (in the business's time
 * zone), to which address, from which IP and browser, and the SHA-256 of what was signed.
 */
export function ProposalTimeline({ events }: { events: ProposalEvent[] }) {
  if (events.length === 0) return <p className="text-sm text-muted-foreground">Nothing yet.</p>;
  return (
    <ol className="space-y-4 border-l pl-4" aria-label="Timeline">
      {events.map((event) => {
        const detail = eventDetail(event);
        const email = eventEmail(event);
        return (
          <li key={event.id} className="relative space-y-1 break-words text-sm">
            <span
              aria-hidden="true"
              className="absolute -left-[1.3rem] top-1.5 h-2 w-2 rounded-full bg-primary"
            />
            <p className="font-medium">{eventTitle(event)}</p>
            <p className="text-muted-foreground">
              <time dateTime={event.at}>{formatDateTime(event.at, { zoneName: true })}</time>
            </p>
            {detail && <p className="whitespace-pre-wrap">{detail}</p>}
            {(event.ip || event.userAgent || event.documentHash || event.consentHash || email) && (
              <dl className="space-y-0.5 text-xs">
                {email && <Fact label="E-mail" value={email} />}
                {event.ip && <Fact label="IP address" value={event.ip} />}
                {event.userAgent && <Fact label="Browser" value={event.userAgent} />}
                {event.version && event.kind === 'signed' && (
                  <Fact label="Version signed" value={String(event.version)} />
                )}
                {event.documentHash && <HashLine label="Document hash" hash={event.documentHash} />}
                {event.consentHash && <HashLine label="Consent hash" hash={event.consentHash} />}
              </dl>
            )}
          </li>
        );
      })}
    </ol>
  );
}
