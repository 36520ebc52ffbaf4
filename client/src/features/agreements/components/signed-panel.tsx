import { CheckCircle2, CreditCard, Download, Loader2, Mail } from 'lucide-react';
import { forwardRef } from 'react';
import { formatCents } from '@shared/money';
import type { PublicProposal } from '@shared/schemas/proposals';
import { Button } from '@/components/ui/button';
import { formatDate } from '@/lib/dates';
import { HowToPay, useLeavingForStripe } from '@/features/payments/public';
import { isPaid, proposalPdfUrl } from '../api/get-proposal';
import { usePayDeposit } from '../api/pay-deposit';

/** Back from Checkout: still asking whether the webhook has marked it paid, or given up. */
export type CheckoutReturn = 'none' | 'waiting' | 'late';

function PaymentBlock({
  token,
  proposal,
  checkout,
}: {
  token: string;
  proposal: PublicProposal;
  checkout: CheckoutReturn;
}) {
  const pay = usePayDeposit(token);
  // Held after success too, until the browser has left for Stripe.
  const opening = useLeavingForStripe(pay);
  const payment = proposal.payment;
  const paid = isPaid(proposal);
  if (!payment && !paid) return null;
  // What the first invoice bills: the deposit, the plan's first month, or both.
  const { totals, plan } = proposal.document;
  const what =
    totals.deposit > 0 && plan
      ? 'the deposit and first month'
      : totals.deposit > 0
        ? 'the deposit'
        : 'the first month';
  return (
    <section aria-labelledby="payment-title" className="space-y-3 print:hidden">
      <h2 id="payment-title" className="text-lg font-semibold">
        Payment
      </h2>
      {/* Always in the page, so a screen reader hears the message when it changes. */}
      <div role="status" className="space-y-2">
        {paid ? (
          <p className="flex items-center gap-2 font-medium text-green-700">
            <CheckCircle2 className="h-5 w-5 shrink-0" aria-hidden="true" />
            Paid — thank you.
          </p>
        ) : checkout === 'waiting' ? (
          <p className="flex items-center gap-2">
            <Loader2
              className="h-5 w-5 shrink-0 animate-spin text-primary motion-reduce:animate-none"
              aria-hidden="true"
            />
            Payment received, thank you. This page shows it paid in a moment.
          </p>
        ) : checkout === 'late' ? (
          <p>
            Payment received, thank you. It can take a few minutes to show here: reload this page
            later.
          </p>
        ) : null}
      </div>
      {payment && !paid && checkout === 'none' && (
        <>
          <p>
            {payment.invoiceNumber ? `Invoice ${payment.invoiceNumber}: ` : 'Your first invoice: '}
            <span className="font-semibold">{formatCents(payment.amountCents)}</span>
          </p>
          {payment.online ? (
            <Button
              size="lg"
              className="w-full sm:w-auto"
              disabled={opening}
              onClick={() => pay.mutate()}
            >
              <CreditCard className="h-4 w-4" aria-hidden="true" />
              {opening ? 'Opening checkout…' : `Pay ${what} ${formatCents(payment.amountCents)}`}
            </Button>
          ) : (
            <>
              <p>We have e-mailed you the invoice.</p>
              <HowToPay instructions={payment.instructions} />
            </>
          )}
        </>
      )}
    </section>
  );
}

/**
 * What the page shows once signed: who signed and when (the heading the focus moves to after
 * signing), the sealed agreement to download, the first invoice to pay, and the portal the
 * signer was invited to.
 */
export const SignedPanel = forwardRef<
  HTMLHeadingElement,
  { token: string; proposal: PublicProposal; checkout: CheckoutReturn }
>(function SignedPanel({ token, proposal, checkout }, headingRef) {
  const { document } = proposal;
  return (
    <section aria-labelledby="signed-title" className="space-y-6">
      <div className="space-y-3 rounded-md border border-green-700/30 bg-green-50 p-4 print:border-black print:bg-white">
        <h2
          id="signed-title"
          ref={headingRef}
          tabIndex={-1}
          className="flex items-center gap-2 text-lg font-semibold focus:outline-none"
        >
          <CheckCircle2 className="h-5 w-5 shrink-0 text-green-700" aria-hidden="true" />
          Signed by {proposal.signerName ?? document.recipient.name}
          {proposal.signedAt && <> on {formatDate(proposal.signedAt)}</>}
        </h2>
        <a
          href={proposalPdfUrl(token)}
          download
          className="inline-flex items-center gap-2 text-sm font-medium text-primary underline-offset-4 hover:underline print:hidden"
        >
          <Download className="h-4 w-4" aria-hidden="true" /> Download the signed agreement
        </a>
      </div>
      <PaymentBlock token={token} proposal={proposal} checkout={checkout} />
      <p className="flex items-start gap-2 text-sm print:hidden">
        <Mail className="mt-0.5 h-4 w-4 shrink-0 text-primary" aria-hidden="true" />
        <span>
          We&apos;ve invited you to your client portal: sign up with{' '}
          <span className="break-all font-medium">{document.recipient.email}</span>{' '}
          {document.plan ? 'to follow your plan.' : 'to find your agreement and invoices.'}
        </span>
      </p>
    </section>
  );
});
