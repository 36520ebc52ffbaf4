import { AlertTriangle, Info, Loader2, Printer, XCircle } from 'lucide-react';
import { forwardRef, useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useParams, useSearch } from 'wouter';
import { PROPOSAL_MESSAGES, type PublicProposal } from '@shared/schemas/proposals';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { isNotFound, QueryState } from '@/components/ui/query-state';
import { ApiError } from '@/lib/api-request';
import { formatDate } from '@/lib/dates';
import { paths } from '@/lib/paths';
import { QueryProvider } from '@/lib/query-provider';
import { usePublicSettings } from '@/features/settings/public';
import { isPaid, PAYMENT_WAIT_MS, useProposal } from '../api/get-proposal';
import { DeclineProposalButton } from '../components/decline-dialog';
import { ProposalDocument } from '../components/proposal-document';
import { SignForm } from '../components/sign-form';
import { SignedPanel, type CheckoutReturn } from '../components/signed-panel';

/**
 * The page around the document, under the agency's name: wide enough for a table, and on
 * paper black on white with no frame, links or buttons.
 */
function Frame({ children }: { children: ReactNode }) {
  const { businessName } = usePublicSettings();
  return (
    <main className="flex min-h-screen flex-col items-center gap-6 bg-muted/40 px-3 py-6 sm:p-8 print:block print:min-h-0 print:bg-white print:p-0 print:text-black">
      <Link
        href={paths.home()}
        className="font-display text-2xl font-bold text-primary print:hidden"
      >
        {businessName}
      </Link>
      <Card className="w-full max-w-3xl p-4 sm:p-8 print:max-w-none print:border-0 print:p-0 print:text-black print:shadow-none">
        {children}
      </Card>
      <nav
        aria-label="Legal"
        className="flex flex-wrap justify-center gap-x-6 gap-y-2 text-sm print:hidden"
      >
        <Link href={paths.privacy()} className="text-primary underline-offset-4 hover:underline">
          Privacy Policy
        </Link>
        <Link href={paths.terms()} className="text-primary underline-offset-4 hover:underline">
          Terms of Service
        </Link>
      </nav>
    </main>
  );
}

/** A link that leads nowhere, or no longer: a title, why, and whom to write to. */
function Unavailable({ title, reason }: { title: string; reason: ReactNode }) {
  const { businessEmail } = usePublicSettings();
  return (
    <Frame>
      <div className="space-y-3">
        <h1 className="flex items-center gap-2 text-xl font-semibold leading-tight">
          <AlertTriangle className="h-5 w-5 shrink-0 text-destructive" aria-hidden="true" />
          {title}
        </h1>
        <p role="alert">{reason}</p>
        <p className="text-sm text-muted-foreground">
          Write to{' '}
          <a className="break-all text-primary underline" href={`mailto:${businessEmail}`}>
            {businessEmail}
          </a>{' '}
          with any question.
        </p>
      </div>
    </Frame>
  );
}

/** The 410 of an expired link: its reason, as the server words it (who to ask). */
function goneReason(error: unknown): string | undefined {
  return error instanceof ApiError && error.status === 410
    ? (error.serverMessage ?? 'This proposal has expired.')
    : undefined;
}

/** True for `ms` after the page opened with `active`: how long it waits for the webhook. */
function useWaitingFor(active: boolean, ms: number): boolean {
  const [waiting, setWaiting] = useState(active);
  useEffect(() => {
    if (!active) return;
    const stop = window.setTimeout(() => setWaiting(false), ms);
    return () => window.clearTimeout(stop);
  }, [active, ms]);
  return active && waiting;
}

/** How a return from Checkout is going: still asking, given up, or not a return at all. */
function checkoutState(
  returned: boolean,
  proposal: PublicProposal,
  waiting: boolean,
): CheckoutReturn {
  if (!returned || isPaid(proposal)) return 'none';
  return waiting ? 'waiting' : 'late';
}

/** A declined proposal: when, and whom to write to instead. */
const DeclinedState = forwardRef<HTMLHeadingElement, { proposal: PublicProposal }>(
  function DeclinedState({ proposal }, heading) {
    const { agency } = proposal.document;
    return (
      <section aria-labelledby="declined-title" className="space-y-2 rounded-md border p-4">
        <h2
          id="declined-title"
          ref={heading}
          tabIndex={-1}
          className="flex items-center gap-2 text-lg font-semibold focus:outline-none"
        >
          <XCircle className="h-5 w-5 shrink-0 text-muted-foreground" aria-hidden="true" />
          {proposal.declinedAt
            ? `You declined this proposal on ${formatDate(proposal.declinedAt)}.`
            : 'This proposal was declined.'}
        </h2>
        <p className="text-sm text-muted-foreground">
          Changed your mind? Write to {agency.name} at{' '}
          <a className="break-all text-primary underline" href={`mailto:${agency.email}`}>
            {agency.email}
          </a>
          .
        </p>
      </section>
    );
  },
);

function ProposalView({ token }: { token: string }) {
  const returnedFromCheckout = new URLSearchParams(useSearch()).get('paid') === '1';
  const proposal = useProposal(token, { awaitingPayment: returnedFromCheckout });
  const waiting = useWaitingFor(returnedFromCheckout, PAYMENT_WAIT_MS);
  const [changed, setChanged] = useState(false);
  const notice = useRef<HTMLDivElement>(null);
  const signedHeading = useRef<HTMLHeadingElement>(null);
  const declinedHeading = useRef<HTMLHeadingElement>(null);
  const status = proposal.data?.status;
  // The status the page last drew: a change while it is open (signed here) moves the focus.
  const shown = useRef(status);

  useEffect(() => {
    if (changed) notice.current?.focus();
  }, [changed, proposal.data?.document.version]);

  useEffect(() => {
    const before = shown.current;
    shown.current = status;
    if (!before || before === status) return;
    // Signed or declined here: the form is gone, so the focus goes to what replaced it.
    if (status === 'signed' || status === 'paid') signedHeading.current?.focus();
    if (status === 'declined') declinedHeading.current?.focus();
  }, [status]);

  const gone = goneReason(proposal.error);
  if (gone) return <Unavailable title="This proposal has expired" reason={gone} />;
  if (!proposal.data) {
    if (isNotFound(proposal.error)) {
      return (
        <Unavailable
          title={PROPOSAL_MESSAGES.linkNotValid}
          reason="It may be mistyped, or the proposal was withdrawn."
        />
      );
    }
    return (
      <Frame>
        <QueryState
          query={proposal}
          what="proposal"
          loading={
            <div className="flex justify-center py-10">
              <Loader2 className="h-6 w-6 animate-spin text-primary" aria-hidden="true" />
            </div>
          }
        />
      </Frame>
    );
  }

  const current = proposal.data;
  const open = current.status === 'sent' || current.status === 'viewed';
  const signed = current.status === 'signed' || current.status === 'paid';
  const checkout = checkoutState(returnedFromCheckout, current, waiting);

  return (
    <Frame>
      <div className="space-y-8">
        {changed && open && (
          <div
            ref={notice}
            tabIndex={-1}
            role="alert"
            className="flex items-start gap-2 rounded-md border border-amber-500 bg-amber-50 p-3 text-sm focus:outline-none print:hidden"
          >
            <Info className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
            <p>{PROPOSAL_MESSAGES.changed}</p>
          </div>
        )}
        <ProposalDocument document={current.document} />
        <div className="border-t pt-6 print:border-black">
          {open && (
            <div className="space-y-4">
              <SignForm
                token={token}
                version={current.document.version}
                consent={current.consent}
                onChanged={() => setChanged(true)}
              />
              <div className="flex flex-wrap items-center gap-x-4 gap-y-2 print:hidden">
                <p className="text-sm text-muted-foreground">Not what you need?</p>
                <DeclineProposalButton token={token} agencyName={current.document.agency.name} />
              </div>
            </div>
          )}
          {signed && (
            <SignedPanel ref={signedHeading} token={token} proposal={current} checkout={checkout} />
          )}
          {current.status === 'declined' && (
            <DeclinedState ref={declinedHeading} proposal={current} />
          )}
          {current.status === 'expired' && (
            <p role="alert">
              This proposal expired on {formatDate(current.document.validUntil)}. Please ask{' '}
              {current.document.agency.name} ({current.document.agency.email}) for a new one.
            </p>
          )}
        </div>
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="print:hidden"
          onClick={() => window.print()}
        >
          <Printer className="h-4 w-4" aria-hidden="true" /> Print
        </Button>
      </div>
    </Frame>
  );
}

/** /proposals/{token}: a proposal to read, sign (or decline) and pay for; no sign-in needed. */
export function ProposalPage() {
  const { token = '' } = useParams<{ token: string }>();
  return (
    <QueryProvider>
      <ProposalView token={token} />
    </QueryProvider>
  );
}
