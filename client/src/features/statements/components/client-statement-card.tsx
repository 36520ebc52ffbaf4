import { Download, Send } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { QueryState } from '@/components/ui/query-state';
import { toast } from '@/components/ui/use-toast';
import { formatDate } from '@/lib/dates';
import { useEmailStatement } from '../api/email-statement';
import {
  clientStatementPdfUrl,
  useClientStatement,
  type StatementPeriod,
} from '../api/get-statement';
import { PeriodPickers, StatementView } from './statement-view';

/**
 * The client page's "Statement": the period (three months back to today unless chosen), its
 * lines with the running balance, the ageing, the PDF and "E-mail to client".
 */
export function ClientStatementCard({ clientId }: { clientId: string }) {
  const [period, setPeriod] = useState<StatementPeriod>({});
  const statement = useClientStatement(clientId, period);
  const email = useEmailStatement(clientId);
  const send = () =>
    email.mutate(period, {
      onSuccess: (sent) =>
        toast({
          title: 'Statement e-mailed',
          description: `${formatDate(sent.from)} to ${formatDate(sent.to)}, sent to ${sent.sentTo} with its PDF.`,
        }),
    });
  return (
    <Card role="region" aria-labelledby={`client-statement-title-${clientId}`}>
      <CardHeader>
        <CardTitle id={`client-statement-title-${clientId}`} className="text-lg">
          Statement
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <PeriodPickers
          id={`statement-${clientId}`}
          period={period}
          shown={statement.data}
          onChange={setPeriod}
        />
        <QueryState query={statement} what="statement">
          {(data) => (
            <>
              <StatementView statement={data} />
              <div className="flex flex-wrap gap-2">
                <Button asChild variant="outline">
                  <a href={clientStatementPdfUrl(clientId, period)} download>
                    <Download className="h-4 w-4" aria-hidden="true" />
                    Download PDF
                  </a>
                </Button>
                <Button
                  type="button"
                  disabled={email.isPending || !data.client.email}
                  onClick={send}
                >
                  <Send className="h-4 w-4" aria-hidden="true" />
                  {email.isPending ? 'Sending...' : 'E-mail to client'}
                </Button>
              </div>
            </>
          )}
        </QueryState>
      </CardContent>
    </Card>
  );
}
