import { Link } from 'wouter';
import { formatCents } from '@shared/money';
import type { InvoiceDetail } from '@shared/schemas/invoices';
import { paths } from '@/lib/paths';
import { useInvoice } from '../api/get-invoice';

const LINK = 'font-medium text-primary underline underline-offset-4';

/** "Late fee on INV-…": the original's number, once its detail is here. */
function FeeOn({ originalId }: { originalId: string }) {
  const original = useInvoice(originalId);
  const number = original.data?.invoice.invoiceNumber ?? 'the original invoice';
  return (
    <p>
      Late fee on{' '}
      <Link href={paths.admin.invoice(originalId)} className={LINK}>
        {number}
      </Link>
    </p>
  );
}

/**
 * Issue 39's link between an invoice and its late fee: a late-fee invoice names the original,
 * and the original shows the fee charged on it (number, amount, state). Nothing otherwise.
 */
export function LateFeeLink({ detail }: { detail: InvoiceDetail }) {
  const { invoice, lateFee } = detail;
  if (invoice.lateFeeForInvoiceId) {
    return (
      <div className="rounded-md border bg-muted p-4 text-sm">
        <FeeOn originalId={invoice.lateFeeForInvoiceId} />
      </div>
    );
  }
  if (!lateFee) return null;
  return (
    <div className="rounded-md border bg-muted p-4 text-sm">
      <p className="break-words">
        Late fee charged:{' '}
        <Link href={paths.admin.invoice(lateFee.invoiceId)} className={LINK}>
          {lateFee.invoiceNumber ?? 'Draft'}
        </Link>{' '}
        · {formatCents(lateFee.total)} ·{' '}
        {lateFee.status === 'void'
          ? 'waived'
          : lateFee.status === 'draft'
            ? 'not sent'
            : lateFee.status}
      </p>
    </div>
  );
}
