import { Download, FileText, Send } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { AdminReport } from '@shared/schemas/reports';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { QueryList } from '@/components/ui/query-list';
import { toast } from '@/components/ui/use-toast';
import { addMonthsTo, businessMonth, formatDate, formatDateTime, formatMonth } from '@/lib/dates';
import { adminReportPdfUrl, useClientReports } from '../api/get-client-reports';
import { useMakeReport } from '../api/make-report';
import { useSendReport } from '../api/send-report';

/** Months offered in the picker at most, newest first: two years. */
const MONTHS_OFFERED = 24;

/**
 * The months a report can be made for, newest first: from this month (so far) back to the
 * month the client joined; the month before this one is the default, unless they joined
 * this month.
 */
export function reportMonths(joinedAt: string, now = new Date()) {
  const current = businessMonth(now);
  const joined = businessMonth(joinedAt);
  const months: string[] = [];
  for (let month = current; month >= joined && months.length < MONTHS_OFFERED;) {
    months.push(month);
    month = addMonthsTo(month, -1);
  }
  return { months, current, preferred: months[1] ?? current };
}

/** Sends a report (or sends it again), and says what became of the e-mail. */
function useSendWithToast() {
  const send = useSendReport();
  const sendReport = (report: AdminReport, onSent?: () => void) =>
    send.mutate(report.id, {
      onSuccess: (sent) => {
        toast({
          title: `${formatMonth(report.month)} report ${report.sentAt ? 'sent again' : 'sent'}`,
          description: sent.message,
        });
        onSent?.();
      },
    });
  return { sendReport, isPending: send.isPending };
}

function ReportRow({ report }: { report: AdminReport }) {
  const { sendReport, isPending } = useSendWithToast();
  const month = formatMonth(report.month);
  return (
    <li className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-3">
      <div className="min-w-0 space-y-0.5">
        <p className="flex items-center gap-2 font-medium">
          <FileText className="h-4 w-4 text-primary" aria-hidden="true" />
          {month}
        </p>
        <p className="text-sm text-muted-foreground">
          {formatDate(report.periodStart)} to {formatDate(report.periodEnd)}
        </p>
        <p className="text-sm text-muted-foreground">
          {report.sentAt ? `Sent ${formatDateTime(report.sentAt)}` : 'Not sent yet'}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <a
          href={adminReportPdfUrl(report.id)}
          target="_blank"
          rel="noopener"
          aria-label={`PDF of the ${month} report`}
          className="inline-flex min-h-6 items-center gap-1 text-sm text-primary hover:underline"
        >
          <Download className="h-4 w-4" aria-hidden="true" /> PDF
        </a>
        {report.sentAt ? (
          <Button
            type="button"
            variant="outline"
            size="sm"
            disabled={isPending}
            // The name starts with the words on the button (axe's label-content-name-mismatch).
            aria-label={`${isPending ? 'Sending...' : 'Send again'}: the ${month} report`}
            onClick={() => sendReport(report)}
          >
            <Send className="h-4 w-4" aria-hidden="true" />
            {isPending ? 'Sending...' : 'Send again'}
          </Button>
        ) : (
          <Button
            type="button"
            size="sm"
            disabled={isPending}
            aria-label={`${isPending ? 'Sending...' : 'Send'}: the ${month} report`}
            onClick={() => sendReport(report)}
          >
            <Send className="h-4 w-4" aria-hidden="true" />
            {isPending ? 'Sending...' : 'Send'}
          </Button>
        )}
      </div>
    </li>
  );
}

/**
 * The report just made, before anything is sent: its PDF to read, then Send. Focused when it
 * appears, so a keyboard or screen-reader user lands on it.
 */
function MadeReport({ report, onSent }: { report: AdminReport; onSent: () => void }) {
  const { sendReport, isPending } = useSendWithToast();
  const month = formatMonth(report.month);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [report.id]);
  return (
    <section
      aria-labelledby={`made-report-${report.id}`}
      className="space-y-3 rounded-md border border-primary/40 bg-primary/5 p-4"
    >
      <h3 id={`made-report-${report.id}`} ref={heading} tabIndex={-1} className="font-medium">
        {month} report made: not sent yet
      </h3>
      <p className="text-sm">
        Read it before it goes: open the PDF, then Send e-mails it to the client with the PDF
        attached.
      </p>
      <div className="flex flex-wrap gap-2">
        <Button asChild variant="outline">
          <a href={adminReportPdfUrl(report.id)} target="_blank" rel="noopener">
            <FileText className="h-4 w-4" aria-hidden="true" />
            Open the PDF
          </a>
        </Button>
        <Button type="button" disabled={isPending} onClick={() => sendReport(report, onSent)}>
          <Send className="h-4 w-4" aria-hidden="true" />
          {isPending ? 'Sending...' : 'Send to the client'}
        </Button>
      </div>
    </section>
  );
}

/**
 * The client page's "Reports": their monthly reports with when each was sent, its PDF and
 * "Send again"; and "Make report" for a month since they joined (last month by default, this
 * month so far), which makes it (again) for the admin to read: nothing is e-mailed before Send.
 */
export function ClientReportsCard({
  clientId,
  joinedAt,
  now = new Date(),
}: {
  clientId: string;
  joinedAt: string;
  now?: Date;
}) {
  const reports = useClientReports(clientId);
  const make = useMakeReport(clientId);
  const { months, current, preferred } = reportMonths(joinedAt, now);
  const [month, setMonth] = useState(preferred);
  const [made, setMade] = useState<AdminReport | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    make.mutate({ month }, { onSuccess: setMade });
  };

  return (
    <Card role="region" aria-labelledby={`client-reports-title-${clientId}`}>
      <CardHeader>
        <CardTitle id={`client-reports-title-${clientId}`} className="text-lg">
          Reports
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <form onSubmit={submit} className="flex flex-wrap items-end gap-3">
          <div className="min-w-[10rem] flex-1 space-y-2 sm:max-w-xs">
            <Label htmlFor={`report-month-${clientId}`}>Month</Label>
            <NativeSelect
              id={`report-month-${clientId}`}
              value={month}
              onChange={(event) => setMonth(event.target.value)}
            >
              {months.map((option) => (
                <option key={option} value={option}>
                  {formatMonth(option)}
                  {option === current ? ' (so far)' : ''}
                </option>
              ))}
            </NativeSelect>
          </div>
          <Button type="submit" disabled={make.isPending}>
            {make.isPending ? 'Making...' : 'Make report'}
          </Button>
        </form>
        <p className="text-sm text-muted-foreground">
          A report is made for you to read first; Send e-mails it to the client with its PDF. One
          made again replaces the month&apos;s.
        </p>
        {made && <MadeReport report={made} onSent={() => setMade(null)} />}
        <QueryList query={reports} what="The reports" empty="No reports yet.">
          {(items) => (
            <ul className="divide-y" aria-label="Monthly reports">
              {items.map((report) => (
                <ReportRow key={report.id} report={report} />
              ))}
            </ul>
          )}
        </QueryList>
      </CardContent>
    </Card>
  );
}
