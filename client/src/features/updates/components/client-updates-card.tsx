import { Link } from 'wouter';
import { formatCents } from '@shared/money';
import { AdminPlanName } from '@/features/plans/public';
import type { UpdateRequest, UpdatesMeter } from '@shared/schemas/updates';
import { describeMeter } from '@shared/updates-meter';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { QueryState } from '@/components/ui/query-state';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { formatDate } from '@/lib/dates';
import { paths } from '@/lib/paths';
import { useBillExtraUpdate } from '../api/bill-extra-update';
import { useClientUpdates } from '../api/get-client-updates';

/** What a request beyond the plan offers: "Bill as extra update", then the invoice it went on. */
function Billing({ request, meter }: { request: UpdateRequest; meter: UpdatesMeter }) {
  const bill = useBillExtraUpdate();
  if (request.invoiceId) {
    return (
      <Link
        href={paths.admin.invoice(request.invoiceId)}
        className="text-sm font-medium text-primary hover:underline"
      >
        Billed: view invoice
      </Link>
    );
  }
  // Free extra updates (a price of $0 in Settings) are not billed.
  if (meter.extraUpdatePriceCents <= 0) return null;
  return (
    <Button
      type="button"
      size="sm"
      variant="outline"
      aria-label={`Bill "${request.subject}" as an extra update`}
      disabled={bill.isPending}
      onClick={() =>
        bill.mutate(request.ticketId, {
          onSuccess: () =>
            toast({
              title: 'Extra Update Billed',
              description: `"Extra update: ${request.subject}" is on the draft invoice at ${formatCents(meter.extraUpdatePriceCents)}.`,
            }),
        })
      }
    >
      {bill.isPending ? 'Billing...' : 'Bill as extra update'}
    </Button>
  );
}

/** One update request: its ticket, and whether the plan includes it or it can be billed. */
function RequestItem({ request, meter }: { request: UpdateRequest; meter: UpdatesMeter }) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-2">
      <div className="min-w-0 break-words">
        <Link
          href={paths.admin.ticket(request.ticketId)}
          className="font-medium text-primary hover:underline"
        >
          {request.subject}
        </Link>
        <p className="text-sm text-muted-foreground">
          Ticket #{request.number} · {formatDate(request.createdAt)}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        {request.beyondPlan ? (
          <>
            <Badge variant="warning">Beyond the plan</Badge>
            <Billing request={request} meter={meter} />
          </>
        ) : (
          <Badge variant="secondary">Included</Badge>
        )}
      </div>
    </li>
  );
}

/**
 * The client page's website updates of the month: the same meter the client sees, each update
 * request with whether the plan includes it, and one click to bill one beyond it. Updates
 * beyond the plan of the months before that are not billed yet follow, so one asked for on
 * the 31st can still be billed on the 1st.
 */
export function ClientUpdatesCard({ clientId }: { clientId: string }) {
  const updates = useClientUpdates(clientId);
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">Website updates</CardTitle>
        {updates.data && (
          <CardDescription>
            {updates.data.meter.plan && (
              <>
                <AdminPlanName id={updates.data.meter.plan} />:{' '}
              </>
            )}
            {describeMeter(updates.data.meter, { whose: 'their' })}
          </CardDescription>
        )}
      </CardHeader>
      <CardContent>
        <QueryState
          query={updates}
          what="website updates"
          loading={<Skeleton className="h-16 w-full" />}
        >
          {({ meter, requests, earlier }) => (
            <>
              {requests.length === 0 ? (
                <p className="text-sm text-muted-foreground">No update requests this month.</p>
              ) : (
                <ul className="divide-y" aria-label="Update requests this month">
                  {requests.map((request) => (
                    <RequestItem key={request.ticketId} request={request} meter={meter} />
                  ))}
                </ul>
              )}
              {earlier.length > 0 && (
                <section aria-labelledby={`earlier-updates-${clientId}`} className="mt-4">
                  <h3 id={`earlier-updates-${clientId}`} className="text-sm font-semibold">
                    Not billed yet from earlier months
                  </h3>
                  <ul className="divide-y" aria-label="Earlier updates not billed yet">
                    {earlier.map((request) => (
                      <RequestItem key={request.ticketId} request={request} meter={meter} />
                    ))}
                  </ul>
                </section>
              )}
            </>
          )}
        </QueryState>
      </CardContent>
    </Card>
  );
}
