import { MailWarning } from 'lucide-react';
import { Link } from 'wouter';
import { Card, CardContent } from '@/components/ui/card';
import { formatTimeAgo } from '@/lib/dates';
import { paths } from '@/lib/paths';
import { useInboundSummary } from '../api/get-inbound-summary';

/**
 * The dashboard's line about e-mail held for review (an unknown or unverified sender), which
 * no client sees until the admin decides: how many, since when, and the way to them. Nothing
 * while none is held (or the count has not come).
 */
export function HeldMailCard() {
  const summary = useInboundSummary().data;
  if (!summary?.held) return null;
  const { held, oldestHeldAt } = summary;
  return (
    <Card role="group" aria-label="Held e-mail" className="border-amber-300 bg-amber-50">
      <CardContent className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex min-w-0 items-start gap-3">
          <MailWarning className="mt-0.5 h-5 w-5 shrink-0 text-amber-800" aria-hidden="true" />
          <div className="min-w-0">
            <h2 className="font-semibold text-amber-900">
              {held} {held === 1 ? 'e-mail is' : 'e-mails are'} held for review
            </h2>
            <p className="text-sm text-amber-900">
              Their senders could not be verified, so no client sees them until you release them.
              {oldestHeldAt && ` The oldest came ${formatTimeAgo(oldestHeldAt)}.`}
            </p>
          </div>
        </div>
        <Link
          href={paths.admin.inbound({ state: 'held' })}
          className="inline-flex min-h-10 shrink-0 items-center justify-center rounded-md border border-amber-400 bg-background px-4 text-sm font-medium hover:bg-amber-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          Review held e-mail
        </Link>
      </CardContent>
    </Card>
  );
}
