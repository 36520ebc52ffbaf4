import { AlertTriangle } from 'lucide-react';
import type { InvoiceFlag } from '@shared/schemas/invoices';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { formatDateTime } from '@/lib/dates';
import { useResolvePaymentFlag } from '@/features/invoices/api/resolve-payment-flag';

/**
 * Every warning on an invoice's money, oldest first, each resolved on its own (or all at
 * once): a dispute arriving after a mismatched amount no longer hides it.
 */
export function InvoiceWarnings({ invoiceId, flags }: { invoiceId: string; flags: InvoiceFlag[] }) {
  const resolve = useResolvePaymentFlag();
  if (flags.length === 0) return null;
  const resolveFlag = (flagId?: string) =>
    resolve.mutate(
      { id: invoiceId, flagId },
      {
        onSuccess: () =>
          toast({
            title: 'Marked resolved',
            description: flagId ? 'The warning is gone.' : 'The warnings are gone.',
          }),
      },
    );
  const [only] = flags;
  return (
    <div
      // A standing warning, not news: read in its place, not announced on every visit.
      role="status"
      className="flex items-start gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-900"
    >
      <AlertTriangle className="mt-0.5 h-5 w-5 shrink-0" aria-hidden="true" />
      {flags.length === 1 && only ? (
        <div className="min-w-0 flex-1 space-y-2">
          <p className="break-words">
            <strong>Needs your attention:</strong> {only.message}
          </p>
          <Button
            variant="outline"
            size="sm"
            disabled={resolve.isPending}
            onClick={() => resolveFlag(only.id)}
          >
            {resolve.isPending ? 'Saving…' : 'Mark as resolved'}
          </Button>
        </div>
      ) : (
        <div className="min-w-0 flex-1 space-y-3">
          <p>
            <strong>Needs your attention ({flags.length}):</strong>
          </p>
          <ul className="space-y-3" aria-label="Warnings">
            {flags.map((flag) => (
              <li
                key={flag.id}
                className="space-y-1 border-t border-amber-200 pt-3 first:border-0 first:pt-0"
              >
                <p className="break-words">{flag.message}</p>
                <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                  <span className="text-sm text-amber-800">{formatDateTime(flag.at)}</span>
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={resolve.isPending}
                    onClick={() => resolveFlag(flag.id)}
                  >
                    Mark as resolved<span className="sr-only">: {flag.message}</span>
                  </Button>
                </div>
              </li>
            ))}
          </ul>
          <Button
            variant="outline"
            size="sm"
            disabled={resolve.isPending}
            onClick={() => resolveFlag()}
          >
            {resolve.isPending ? 'Saving…' : 'Mark all resolved'}
          </Button>
        </div>
      )}
    </div>
  );
}
