import type { Logger } from 'pino';
import { calendarDateIn } from '@shared/dates';
import type { StatementService } from './statements.service';
import type { StatementsRepository } from './statements.repository';
import { lastMonthOf } from './statement-lines';

export interface MonthlyStatementsRun {
  month: string;
  /** Off in Settings: nothing was looked at. */
  off: boolean;
  sent: number;
  failed: number;
}

/**
 * Last month's statements, e-mailed to each client who owed something at its end (closing
 * balance above zero), when the setting is on. Run daily and at start: each client's month is
 * claimed in statement_deliveries before it is sent, so however often and in however many
 * processes it runs, a statement goes once; one whose sending threw is released for the next
 * run. A 1st the server was down is caught up on the 2nd (the month is last month's whatever
 * the day).
 */
export function createMonthlyStatements({
  repository,
  statements,
  logger,
  now,
  timeZone,
}: {
  repository: StatementsRepository;
  statements: Pick<StatementService, 'statementOf' | 'send'>;
  logger: Logger;
  now: () => Date;
  timeZone: string;
}) {
  return async function run(): Promise<MonthlyStatementsRun> {
    const { month, from, to } = lastMonthOf(calendarDateIn(now(), timeZone));
    const counts = { month, off: false, sent: 0, failed: 0 };
    if (!(await repository.settings()).monthlyEmails) return { ...counts, off: true };
    for (const client of await repository.billedClients()) {
      const statement = await statements.statementOf(client, { from, to });
      if (statement.closingBalance <= 0) continue;
      if (!(await repository.claimDelivery(client.id, month))) continue;
      try {
        await statements.send(client, statement);
        counts.sent += 1;
      } catch (error) {
        counts.failed += 1;
        await repository.releaseDelivery(client.id, month);
        logger.error({ err: error, userId: client.id, month }, 'monthly statement not sent');
      }
    }
    return counts;
  };
}
export type MonthlyStatements = ReturnType<typeof createMonthlyStatements>;
