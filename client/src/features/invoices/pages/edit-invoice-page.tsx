import { Link, useLocation, useParams } from 'wouter';
import type { CreateInvoice, InvoiceDetail } from '@shared/schemas/invoices';
import { BackButton } from '@/components/ui/back-button';
import { Card, CardContent } from '@/components/ui/card';
import { QueryState } from '@/components/ui/query-state';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { useInvoice } from '@/features/invoices/api/get-invoice';
import { useUpdateInvoice } from '@/features/invoices/api/update-invoice';
import { InvoiceForm, invoiceFormValues } from '@/features/invoices/components/invoice-form';
import { ClientPicker } from '@/features/clients/public';
import { paths } from '@/lib/paths';

function EditDraft({ detail }: { detail: InvoiceDetail }) {
  const update = useUpdateInvoice();
  const [, navigate] = useLocation();
  const { invoice } = detail;

  if (invoice.status !== 'draft') {
    return (
      <Card>
        <CardContent className="space-y-2 pt-6">
          <p>
            Invoice {invoice.invoiceNumber} is {invoice.status}: only a draft can be edited.
            {invoice.status === 'paid'
              ? ' Issue a credit note to correct it.'
              : ' Void it and create a new one to correct it.'}
          </p>
          <Link className="text-primary hover:underline" href={paths.admin.invoice(invoice.id)}>
            Back to the invoice
          </Link>
        </CardContent>
      </Card>
    );
  }

  const submit = (input: CreateInvoice) =>
    update.mutate(
      { id: invoice.id, input },
      {
        onSuccess: (saved) => {
          toast({
            title: 'Invoice Saved',
            description: `The draft for ${saved.invoice.clientName} has been saved.`,
          });
          navigate(paths.admin.invoice(saved.invoice.id));
        },
      },
    );

  return (
    <InvoiceForm
      initial={invoiceFormValues(detail)}
      initialClient={
        invoice.clientId
          ? { id: invoice.clientId, name: invoice.clientName, email: invoice.clientEmail }
          : null
      }
      onSubmit={submit}
      submitting={update.isPending}
      submitLabel="Save Changes"
      pendingLabel="Saving..."
      clientPicker={(choose, focus) => <ClientPicker onSelect={choose} autoFocus={focus} />}
    />
  );
}

/** /admin/invoices/{id}/edit: a draft edited in full with the new-invoice form. */
export function EditInvoicePage() {
  const { id } = useParams<{ id: string }>();
  const invoice = useInvoice(id);
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <BackButton href={paths.admin.invoice(id)}>Back to the invoice</BackButton>
      <h1 className="font-display text-3xl font-bold">Edit Draft Invoice</h1>
      {invoice.data ? (
        <EditDraft detail={invoice.data} />
      ) : (
        <QueryState query={invoice} what="invoice" loading={<Skeleton className="h-64 w-full" />} />
      )}
    </div>
  );
}
