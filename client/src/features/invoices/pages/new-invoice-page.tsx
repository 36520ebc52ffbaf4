import { useLocation } from 'wouter';
import type { CreateInvoice } from '@shared/schemas/invoices';
import { BackButton } from '@/components/ui/back-button';
import { toast } from '@/components/ui/use-toast';
import { useCreateInvoice } from '@/features/invoices/api/create-invoice';
import { InvoiceForm } from '@/features/invoices/components/invoice-form';
import { ClientPicker } from '@/features/clients/public';
import { paths } from '@/lib/paths';

/** /admin/invoices/new. */
export function NewInvoicePage() {
  const create = useCreateInvoice();
  const [, navigate] = useLocation();

  const submit = (invoice: CreateInvoice) =>
    create.mutate(invoice, {
      onSuccess: (created) => {
        toast({
          title: 'Invoice Created',
          description: `The draft for ${created.invoice.clientName} has been created. It is numbered when it is sent.`,
        });
        navigate(paths.admin.invoice(created.invoice.id));
      },
    });

  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <BackButton href={paths.admin.invoices()}>Back to Invoices</BackButton>
      <h1 className="font-display text-3xl font-bold">New Invoice</h1>
      <InvoiceForm
        onSubmit={submit}
        submitting={create.isPending}
        clientPicker={(choose, focus) => <ClientPicker onSelect={choose} autoFocus={focus} />}
      />
    </div>
  );
}
