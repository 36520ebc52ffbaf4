import { Download } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { QueryState } from '@/components/ui/query-state';
import { ownStatementPdfUrl, useOwnStatement, type StatementPeriod } from '../api/get-statement';
import { PeriodPickers, StatementView } from './statement-view';

/** The portal's "Statement": what the client owed over a period, line by line, and its PDF. */
export function OwnStatementCard() {
  const [period, setPeriod] = useState<StatementPeriod>({});
  const statement = useOwnStatement(period);
  return (
    <Card className="lg:col-span-2">
      <CardHeader>
        <CardTitle>Statement</CardTitle>
        <CardDescription>
          Every invoice, payment, credit and refund, with what you owed after each.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <PeriodPickers
          id="own-statement"
          period={period}
          shown={statement.data}
          onChange={setPeriod}
        />
        <QueryState query={statement} what="statement">
          {(data) => (
            <>
              <StatementView statement={data} />
              <Button asChild variant="outline">
                <a href={ownStatementPdfUrl(period)} download>
                  <Download className="h-4 w-4" aria-hidden="true" />
                  Download PDF
                </a>
              </Button>
            </>
          )}
        </QueryState>
      </CardContent>
    </Card>
  );
}
