import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { CheckboxField } from '@/components/ui/form-field';
import { QueryState } from '@/components/ui/query-state';
import { toast } from '@/components/ui/use-toast';
import { useSaveStatementSettings, useStatementSettings } from '../api/statement-settings';

/** Settings' "Statements": last month's statement e-mailed on the 1st, on or off. */
export function StatementSettingsCard() {
  const current = useStatementSettings();
  const save = useSaveStatementSettings();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Statements</CardTitle>
        <CardDescription>What each client is sent about their balance.</CardDescription>
      </CardHeader>
      <CardContent>
        <QueryState query={current} what="statement settings">
          {(settings) => (
            <CheckboxField
              id="monthly-statements"
              label="E-mail last month's statement on the 1st"
              hint="Each client who owed something at the end of the month gets their statement with its PDF, once a month."
              checked={settings.monthlyEmails}
              disabled={save.isPending}
              onChange={(event) =>
                save.mutate(
                  { monthlyEmails: event.target.checked },
                  {
                    onSuccess: (saved) =>
                      toast({
                        title: saved.monthlyEmails
                          ? 'Monthly statements on'
                          : 'Monthly statements off',
                      }),
                  },
                )
              }
            />
          )}
        </QueryState>
      </CardContent>
    </Card>
  );
}
