import { CheckCircle2, Inbox, Mail, XCircle } from 'lucide-react';
import { Link } from 'wouter';
import type { TestEmailResult } from '@shared/schemas/mail';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { errorMessage } from '@/lib/api-request';
import { paths } from '@/lib/paths';
import { cn } from '@/lib/utils';
import { useSendTestEmail } from '../api/send-test-email';

const OUTCOME = {
  sent: { icon: CheckCircle2, className: 'border-green-200 bg-green-50 text-green-900' },
  kept: { icon: Inbox, className: 'border-amber-200 bg-amber-50 text-amber-900' },
  failed: { icon: XCircle, className: 'border-red-200 bg-red-50 text-red-900' },
} as const;

/** What became of the test e-mail, under the button, until the next try. */
function Outcome({ result }: { result: TestEmailResult }) {
  const { icon: Icon, className } = OUTCOME[result.outcome];
  return (
    <div className={cn('mt-4 flex gap-2 rounded-md border p-3 text-sm', className)}>
      <Icon className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
      <div className="min-w-0 space-y-1 break-words">
        <p className="font-medium">{result.message}</p>
        {result.details && <p>{result.details}</p>}
        {result.outcome !== 'sent' && (
          <p>
            <Link href={paths.admin.outbox()} className="font-medium underline underline-offset-4">
              Open the outbox
            </Link>
          </p>
        )}
      </div>
    </div>
  );
}

/**
 * /admin/settings: checks that outgoing mail works by sending a test e-mail to the signed-in
 * admin; the outcome (sent, kept in the outbox, refused) is written beside the button, and so
 * is a call that failed (the one place it is said: no toast as well).
 */
export function TestEmailCard() {
  const test = useSendTestEmail();
  const settled = !test.isPending;
  const failed = settled && (test.isError || test.data?.outcome === 'failed');
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Mail className="h-5 w-5 text-primary" aria-hidden="true" />
          Outgoing Mail
        </CardTitle>
        <CardDescription>
          Sends a test e-mail to your own address, to check that invoices and invitations reach your
          clients.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {/* aria-disabled, not disabled: a disabled button drops the keyboard's focus to the page. */}
        <Button
          type="button"
          variant="outline"
          aria-disabled={test.isPending}
          className="aria-disabled:cursor-wait aria-disabled:opacity-50"
          onClick={() => {
            if (!test.isPending) test.mutate();
          }}
        >
          {test.isPending ? 'Sending...' : 'Send Test Email'}
        </Button>
        {/* Both regions are always there, so that a screen reader hears what fills them. */}
        <div role="status">{settled && test.data && !failed && <Outcome result={test.data} />}</div>
        <div role="alert">
          {failed && test.data && <Outcome result={test.data} />}
          {failed && test.isError && (
            <p className="mt-4 text-sm text-destructive">
              {errorMessage(test.error, 'The test e-mail could not be sent.')}
            </p>
          )}
        </div>
      </CardContent>
    </Card>
  );
}
