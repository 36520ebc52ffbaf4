import { Download, HandCoins } from 'lucide-react';
import { useState } from 'react';
import { formatCents } from '@shared/money';
import { creditNoteName, type CreditNote } from '@shared/schemas/credit-notes';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { formatDate } from '@/lib/dates';
import { creditNotePdfUrl } from '../api/get-invoice-pdf';
import { RefundByHandDialog } from './refund-by-hand-dialog';

/** Stripe accepted the note's card refund, then could not make it: it is returned by hand. */
const refundFailed = (note: CreditNote) =>
  note.refundStatus === 'failed' || note.refundStatus === 'canceled';

/** Where a credit note's money goes, as the admin reads it. */
function refundLine(note: CreditNote): string {
  const byHand = note.amount - note.refundAmount;
  const byCard =
    note.refundAmount === 0
      ? ''
      : note.status === 'pending'
        ? `${formatCents(note.refundAmount)} to refund to the card through Stripe, once it answers`
        : `${formatCents(note.refundAmount)} refunded to the card through Stripe${
            note.refundStatus === 'pending' ? ' (pending at the bank)' : ''
          }`;
  const yourself =
    byHand === 0
      ? ''
      : note.refundedByHandOn
        ? `${formatCents(note.refundedByHandAmount ?? byHand)} returned by hand on ${formatDate(note.refundedByHandOn)}${
            note.refundedByHandReference ? ` (${note.refundedByHandReference})` : ''
          }`
        : `${formatCents(byHand)} to return to the client yourself`;
  return [byCard, yourself].filter(Boolean).join('; ');
}

/**
 * "Returned by hand" on an issued note with money left to give back outside the product, once
 * its card refund, if any, has settled (until then what is left to return is not known).
 */
function ReturnedByHand({ note }: { note: CreditNote }) {
  const [open, setOpen] = useState(false);
  const cardUnsettled = note.refundAmount > 0 && note.refundStatus !== 'succeeded';
  if (
    note.status !== 'issued' ||
    note.refundedByHandOn ||
    note.amount <= note.refundAmount ||
    cardUnsettled
  )
    return null;
  return (
    <>
      <Button type="button" variant="outline" size="sm" onClick={() => setOpen(true)}>
        <HandCoins className="h-4 w-4" aria-hidden="true" />
        Returned by hand
      </Button>
      <RefundByHandDialog note={note} open={open} onOpenChange={setOpen} />
    </>
  );
}

/**
 * An invoice's credit notes, oldest first, as rows that wrap (a reason can be long, and the
 * list must fit a phone): number, date, amount, reason, where the money goes, and the PDF. A
 * note still waiting for Stripe's answer says so.
 */
export function InvoiceCreditNotes({
  invoiceId,
  creditNotes,
}: {
  invoiceId: string;
  creditNotes: CreditNote[];
}) {
  return (
    <ul className="divide-y" aria-label="Credit notes">
      {creditNotes.map((note) => (
        <li
          key={note.id}
          className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1 py-3 first:pt-0 last:pb-0"
        >
          <div className="min-w-0 flex-1 space-y-1">
            <p className="flex flex-wrap items-center gap-2 font-medium">
              <span>{creditNoteName(note)}</span>
              {note.issuedAt && (
                <span className="font-normal text-muted-foreground">
                  {formatDate(note.issuedAt)}
                </span>
              )}
              {note.status === 'pending' && <Badge variant="secondary">Waiting for Stripe</Badge>}
              {refundFailed(note) && <Badge variant="destructive">Card refund failed</Badge>}
            </p>
            <p className="break-words text-sm">Reason: {note.reason}</p>
            <p className="break-words text-sm text-muted-foreground">{refundLine(note)}</p>
            {note.status === 'pending' && (
              <p className="break-words text-sm text-amber-800">
                Stripe did not answer when its refund was asked. Issue a credit note again to ask
                once more: the same refund is asked, never a second one.
              </p>
            )}
            {refundFailed(note) && !note.refundedByHandOn && (
              <p className="break-words text-sm text-amber-800">
                Stripe could not refund it to the card after accepting it: the money is back in your
                Stripe balance. Return it to the client another way.
              </p>
            )}
            {note.createdBy && (
              <p className="break-words text-xs text-muted-foreground">By {note.createdBy}</p>
            )}
          </div>
          <div className="flex flex-wrap items-center gap-3">
            <ReturnedByHand note={note} />
            {note.creditNoteNumber && (
              <a
                href={creditNotePdfUrl(invoiceId, note.id)}
                download={`${note.creditNoteNumber}.pdf`}
                aria-label={`PDF of ${note.creditNoteNumber}`}
                className="inline-flex min-h-6 items-center gap-1 text-sm text-primary hover:underline"
              >
                <Download className="h-4 w-4" aria-hidden="true" /> PDF
              </a>
            )}
            <p className="font-medium">-{formatCents(note.amount)}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}
