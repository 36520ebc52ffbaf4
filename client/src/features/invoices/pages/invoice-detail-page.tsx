import { Ban, Banknote, Download, Mail, Pencil, ReceiptText, Send, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation, useParams } from 'wouter';
import { formatCents } from '@shared/money';
import { useAdminPlanLookup } from '@/features/plans/public';
import { VoidInvoiceSchema, type InvoiceLineItem } from '@shared/schemas/invoices';
import { WaiveLateFeeSchema } from '@shared/schemas/late-fees';
import { deliveryTitle } from '@shared/schemas/mail';
import { isPayable, receivedOn } from '@shared/schemas/payments';
import { BackButton } from '@/components/ui/back-button';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { DataTable } from '@/components/ui/data-table';
import { Detail } from '@/components/ui/detail';
import { pricedLineColumns } from '@/components/ui/priced-line-columns';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { QueryState } from '@/components/ui/query-state';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { businessTimeZone, formatDate, formatDateTime } from '@/lib/dates';
import { useDeleteInvoice } from '@/features/invoices/api/delete-invoice';
import { useEmailInvoice } from '@/features/invoices/api/email-invoice';
import { useInvoice } from '@/features/invoices/api/get-invoice';
import { invoicePdfUrl } from '@/features/invoices/api/get-invoice-pdf';
import { useMarkInvoiceSent } from '@/features/invoices/api/mark-invoice-sent';
import { useVoidInvoice } from '@/features/invoices/api/void-invoice';
import { useWaiveLateFee } from '@/features/invoices/api/waive-late-fee';
import { InvoiceBalance } from '@/features/invoices/components/invoice-balance';
import { InvoiceCreditNotes } from '@/features/invoices/components/invoice-credit-notes';
import { InvoicePayments } from '@/features/invoices/components/invoice-payments';
import { InvoiceStatusBadge } from '@/features/invoices/components/invoice-status-badge';
import { InvoiceTotals } from '@/features/invoices/components/invoice-totals';
import {
  NoWayToPayDialog,
  useNoWayToPayConfirm,
} from '@/features/invoices/components/no-way-to-pay';
import { InvoiceWarnings } from '@/features/invoices/components/invoice-warnings';
import { LateFeeLink } from '@/features/invoices/components/late-fee-link';
import { IssueCreditNoteDialog } from '@/features/invoices/components/issue-credit-note-dialog';
import { PayLinkDetail } from '@/features/invoices/components/pay-link-detail';
import { ReasonDialog } from '@/features/invoices/components/reason-dialog';
import { RecordPaymentDialog } from '@/features/invoices/components/record-payment-dialog';
import { paths } from '@/lib/paths';

const lineItemColumns = pricedLineColumns<InvoiceLineItem>({
  description: 'Description',
  unitPrice: 'Unit Price',
});

/** /admin/invoices/{id}: the invoice, its lines, and what can be done with it. */
export function InvoiceDetailPage() {
  const plans = useAdminPlanLookup();
  const { id } = useParams<{ id: string }>();
  const invoice = useInvoice(id);
  const markSentMutation = useMarkInvoiceSent();
  const email = useEmailInvoice();
  const remove = useDeleteInvoice();
  const voiding = useVoidInvoice();
  const waiving = useWaiveLateFee();
  const [askingWaive, setAskingWaive] = useState(false);
  const [, navigate] = useLocation();
  const [confirming, setConfirming] = useState(false);
  const [askingVoid, setAskingVoid] = useState(false);
  const [recording, setRecording] = useState(false);
  const [crediting, setCrediting] = useState(false);
  // Sending with no way to pay (no instructions, no Stripe) waits for the admin to confirm.
  const unpayable = useNoWayToPayConfirm();

  if (!invoice.data) {
    return (
      <div className="space-y-4">
        <BackButton href={paths.admin.invoices()}>Back to Invoices</BackButton>
        <QueryState
          query={invoice}
          what="invoice"
          titleAs="h1"
          // The product spec's own words (section 8).
          errorText="Failed to fetch invoice"
          loading={<Skeleton className="h-64 w-full" />}
        />
      </div>
    );
  }

  const {
    invoice: current,
    lineItems,
    payments,
    payLink,
    creditNotes,
    creditable,
    taxes,
  } = invoice.data;
  // With named rates, the lines they skip say so (issue 39).
  const shownLines =
    taxes.length > 0
      ? lineItems.map((line) =>
          line.taxable ? line : { ...line, description: `${line.description} (not taxable)` },
        )
      : lineItems;
  const credited = creditNotes
    .filter((note) => note.status === 'issued')
    .reduce((sum, note) => sum + note.amount, 0);
  // Paid by a payment recorded by hand: the day it was received, with no time of day.
  const paidBy = payments.find((payment) => payment.paidAt === current.paidAt);
  const paidOn = paidBy ? receivedOn(paidBy, businessTimeZone()) : current.paidAt;
  // A draft is not yet owed, and a paid invoice owes nothing more (the server refuses both).
  const payable = isPayable(current);
  const plan = plans.find(current.planType);
  const busy =
    markSentMutation.isPending ||
    email.isPending ||
    remove.isPending ||
    voiding.isPending ||
    waiving.isPending;
  // A late-fee invoice (issue 39) is waived rather than voided: the same void, said so.
  const isLateFee = current.lateFeeForInvoiceId !== null;

  // Recorded as sent (numbered), without e-mailing: the admin handed it over another way.
  const markSent = () =>
    markSentMutation.mutate(current.id, {
      onSuccess: (sent) =>
        toast({
          title: 'Invoice Updated',
          description: `Invoice ${sent.invoice.invoiceNumber ?? ''} is recorded as sent. Nothing was e-mailed.`,
        }),
    });

  const voidInvoice = (reason: string) =>
    voiding.mutate(
      { id: current.id, input: { reason } },
      {
        onSuccess: (voided) => {
          setAskingVoid(false);
          toast({
            title: 'Invoice Voided',
            description: `Invoice ${voided.invoice.invoiceNumber ?? ''} is void and owes nothing. ${voided.invoice.clientName} has been told.`,
          });
        },
      },
    );

  const waiveLateFee = (reason: string) =>
    waiving.mutate(
      { id: current.id, input: { reason } },
      {
        onSuccess: (waived) => {
          setAskingWaive(false);
          toast({
            title: 'Late Fee Waived',
            description: `Invoice ${waived.invoice.invoiceNumber ?? ''} is void and owes nothing. ${waived.invoice.clientName} has been told.`,
          });
        },
      },
    );

  const sendByEmail = () =>
    email.mutate(current.id, {
      onSuccess: (sent) =>
        toast({ title: deliveryTitle(sent.delivery, 'Invoice Sent'), description: sent.message }),
    });

  const deleteInvoice = () =>
    remove.mutate(current.id, {
      onSuccess: () => {
        setConfirming(false);
        toast({
          title: 'Invoice Deleted',
          description: current.invoiceNumber
            ? `Invoice ${current.invoiceNumber} has been deleted.`
            : `The draft for ${current.clientName} has been deleted.`,
        });
        navigate(paths.admin.invoices());
      },
    });

  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <BackButton href={paths.admin.invoices()}>Back to Invoices</BackButton>
      <InvoiceWarnings invoiceId={current.id} flags={current.paymentFlags} />
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="space-y-1">
          <h1 className="flex items-center gap-3 font-display text-3xl font-bold">
            {current.invoiceNumber ?? 'Draft invoice'} <InvoiceStatusBadge invoice={current} />
          </h1>
          <p className="text-muted-foreground">
            {current.clientName} · {formatCents(current.total)}
            {credited > 0 && ` · ${formatCents(credited)} credited`}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {current.status === 'draft' && (
            <>
              <Button asChild variant="outline">
                <Link href={paths.admin.editInvoice(current.id)}>
                  <Pencil className="h-4 w-4" aria-hidden="true" /> Edit
                </Link>
              </Button>
              <Button
                variant="outline"
                disabled={busy}
                onClick={() => unpayable.askFirst(markSent)}
              >
                <Send className="h-4 w-4" aria-hidden="true" /> Mark as Sent
              </Button>
            </>
          )}
          {payable && (
            <Button disabled={busy} onClick={() => setRecording(true)}>
              <Banknote className="h-4 w-4" aria-hidden="true" /> Record payment
            </Button>
          )}
          {/* A paid invoice is corrected by a credit note, never edited or voided. */}
          {current.status === 'paid' && creditable.remaining > 0 && (
            <Button variant="outline" disabled={busy} onClick={() => setCrediting(true)}>
              <ReceiptText className="h-4 w-4" aria-hidden="true" /> Issue credit note
            </Button>
          )}
          <Button asChild variant="outline">
            <a
              href={invoicePdfUrl(current.id)}
              download={`${current.invoiceNumber ?? 'Draft'}.pdf`}
            >
              <Download className="h-4 w-4" aria-hidden="true" /> Download PDF
            </a>
          </Button>
          {current.status !== 'void' && (
            <Button
              variant="outline"
              disabled={busy}
              onClick={() => unpayable.askFirst(sendByEmail)}
            >
              <Mail className="h-4 w-4" aria-hidden="true" />
              {email.isPending ? 'Sending...' : 'Send by E-mail'}
            </Button>
          )}
          {/* Only a draft can go; a sent invoice keeps its number and is voided instead. A
              late fee is never deleted (the daily run would charge it again): it is waived. */}
          {current.status === 'draft' && !isLateFee && (
            <Button variant="destructive" disabled={busy} onClick={() => setConfirming(true)}>
              <Trash2 className="h-4 w-4" aria-hidden="true" /> Delete
            </Button>
          )}
          {payable && current.amountPaid === 0 && !isLateFee && (
            <Button variant="destructive" disabled={busy} onClick={() => setAskingVoid(true)}>
              <Ban className="h-4 w-4" aria-hidden="true" /> Void
            </Button>
          )}
          {(payable || current.status === 'draft') && current.amountPaid === 0 && isLateFee && (
            <Button variant="destructive" disabled={busy} onClick={() => setAskingWaive(true)}>
              <Ban className="h-4 w-4" aria-hidden="true" /> Waive late fee
            </Button>
          )}
        </div>
      </div>

      <LateFeeLink detail={invoice.data} />

      <Card>
        <CardContent className="pt-6">
          <dl className="grid gap-4 sm:grid-cols-3">
            <Detail label="Bill To">
              {current.clientName}
              <span className="block text-sm font-normal text-muted-foreground">
                {current.clientEmail}
              </span>
            </Detail>
            <Detail label="Plan">{plan ? plan.name : 'None'}</Detail>
            <Detail label="Issued">{formatDate(current.dateIssued)}</Detail>
            <Detail label="Due">{formatDate(current.dueDate)}</Detail>
            <Detail label="Sent">
              {current.sentAt ? formatDateTime(current.sentAt) : 'Not yet'}
            </Detail>
            <Detail label="Paid">{paidOn ? formatDateTime(paidOn) : 'Not yet'}</Detail>
            {payLink && <PayLinkDetail invoiceId={current.id} payLink={payLink} />}
            {current.voidedAt && (
              <Detail label="Voided">
                {formatDateTime(current.voidedAt)}
                <span className="block text-sm font-normal text-muted-foreground">
                  {current.voidReason}
                </span>
              </Detail>
            )}
          </dl>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Line Items</CardTitle>
        </CardHeader>
        <CardContent>
          <DataTable
            caption="Line items"
            variant="relaxed"
            columns={lineItemColumns}
            data={shownLines}
            getRowId={(line) => line.id}
          />
          <InvoiceTotals
            className="mt-4"
            subtotal={current.subtotal}
            tax={current.tax}
            taxes={taxes}
            discount={current.discount}
            total={current.total}
          />
          {payments.length > 0 && <InvoiceBalance className="mt-2" invoice={current} />}
          {current.taxExemptCertificate !== null && (
            <p className="mt-4 text-sm text-muted-foreground">
              Tax exempt — certificate {current.taxExemptCertificate}
            </p>
          )}
        </CardContent>
      </Card>

      {(payments.length > 0 || payable) && (
        <Card>
          <CardHeader>
            <CardTitle>Payments</CardTitle>
          </CardHeader>
          <CardContent>
            <InvoicePayments payments={payments} canVoid={creditNotes.length === 0} />
          </CardContent>
        </Card>
      )}

      {creditNotes.length > 0 && (
        <Card>
          <CardHeader>
            <CardTitle>Credit Notes</CardTitle>
          </CardHeader>
          <CardContent>
            <InvoiceCreditNotes invoiceId={current.id} creditNotes={creditNotes} />
          </CardContent>
        </Card>
      )}

      {current.notes && (
        <Card>
          <CardHeader>
            <CardTitle>Notes</CardTitle>
          </CardHeader>
          <CardContent>
            <p className="whitespace-pre-wrap text-sm">{current.notes}</p>
          </CardContent>
        </Card>
      )}

      {payable && (
        <RecordPaymentDialog invoice={current} open={recording} onOpenChange={setRecording} />
      )}

      {current.status === 'paid' && (
        <IssueCreditNoteDialog
          invoice={current}
          creditable={creditable}
          open={crediting}
          onOpenChange={setCrediting}
        />
      )}

      <ReasonDialog
        open={askingVoid}
        onOpenChange={setAskingVoid}
        schema={VoidInvoiceSchema}
        title={`Void ${current.invoiceNumber ?? 'this invoice'}?`}
        description="It keeps its number and owes nothing; its pay link and payment page stop working, and the client is e-mailed the reason."
        confirmLabel="Void Invoice"
        pendingLabel="Voiding..."
        pending={voiding.isPending}
        onConfirm={voidInvoice}
      />

      <ReasonDialog
        open={askingWaive}
        onOpenChange={setAskingWaive}
        schema={WaiveLateFeeSchema}
        title={`Waive the late fee ${current.invoiceNumber ?? ''}?`}
        description="The late-fee invoice is voided and owes nothing; the client is e-mailed the reason. The fee is never charged on that invoice again."
        confirmLabel="Waive Late Fee"
        pendingLabel="Waiving..."
        pending={waiving.isPending}
        onConfirm={waiveLateFee}
      />

      <NoWayToPayDialog {...unpayable.dialog} pending={busy} />

      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Delete ${current.invoiceNumber ?? 'this draft'}?`}
        description="The invoice and its line items are removed for good. This cannot be undone."
        confirmLabel="Delete Invoice"
        pendingLabel="Deleting..."
        pending={remove.isPending}
        onConfirm={deleteInvoice}
      />
    </div>
  );
}
