import { Download, FileText } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { QueryList } from '@/components/ui/query-list';
import { addMonthsTo, businessMonth, formatDate, formatMonth } from '@/lib/dates';
import { useSubscription } from '@/features/subscriptions/public';
import { reportPdfUrl, useReports } from '../api/get-reports';

/** The 1st of next month, when the monthly run makes this month's report. */
const nextReportDay = (now: Date) => formatDate(`${addMonthsTo(businessMonth(now), 1)}-01`);

/**
 * The portal's "Reports" card: the client's monthly reports, newest first, each a PDF to
 * download, and when the next one comes (the 1st of next month, while a plan is served).
 */
export function ReportsCard({ now = new Date() }: { now?: Date }) {
  const reports = useReports();
  const subscription = useSubscription();
  const status = subscription.data?.status;
  const onPlan = status === 'active' || status === 'past_due';
  return (
    <Card role="region" aria-labelledby="portal-reports-title">
      <CardHeader>
        <CardTitle id="portal-reports-title">Reports</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        {subscription.data !== undefined && (
          <p className="text-sm text-muted-foreground">
            {onPlan
              ? `Your next monthly report: ${nextReportDay(now)}.`
              : 'A monthly report of your website comes with every plan.'}
          </p>
        )}
        <QueryList
          query={reports}
          what="Your reports"
          empty={
            <p className="text-sm text-muted-foreground">
              No reports yet. Each month&apos;s report of your website&apos;s uptime, support and
              updates will be here, and in your e-mail.
            </p>
          }
        >
          {(items) => (
            <ul className="divide-y" aria-label="Your monthly reports">
              {items.map((report) => (
                <li
                  key={report.id}
                  className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-2"
                >
                  <span className="flex items-center gap-2 font-medium">
                    <FileText className="h-4 w-4 text-primary" aria-hidden="true" />
                    {formatMonth(report.month)}
                  </span>
                  <a
                    href={reportPdfUrl(report.id)}
                    download={`Report-${report.month}.pdf`}
                    aria-label={`PDF of the ${formatMonth(report.month)} report`}
                    className="inline-flex min-h-6 items-center gap-1 text-sm text-primary hover:underline"
                  >
                    <Download className="h-4 w-4" aria-hidden="true" /> PDF
                  </a>
                </li>
              ))}
            </ul>
          )}
        </QueryList>
      </CardContent>
    </Card>
  );
}
