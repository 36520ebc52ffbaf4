import { calendarDateIn } from '@shared/dates';
import type {
  Statement,
  StatementEmailed,
  StatementQuery,
  StatementSettings,
} from '@shared/schemas/statements';
import type { AuditActor, AuditTrail } from '../../lib/audit-trail';
import { AppError } from '../../lib/errors';
import { fullName } from '../../lib/format';
import { existingId } from '../../lib/ids';
import { buildStatement, defaultPeriod } from './statement-lines';
import { renderStatementPdf, type StatementIssuer } from './statement-pdf';
import { statementFilename, type StatementEmails } from './statements.emails';
import type { StatementClient, StatementsRepository } from './statements.repository';

export const CLIENT_NOT_FOUND = 'Client not found';
export const NO_EMAIL = 'This client has no e-mail address to send the statement to.';

export interface StatementServiceDeps {
  repository: StatementsRepository;
  issuer: () => Promise<StatementIssuer>;
  mail: Pick<StatementEmails, 'statement'>;
  audit: AuditTrail;
  now: () => Date;
  timeZone: string;
}

/** How a statement greets and names its client. */
export function clientNameOf(client: StatementClient): string {
  return fullName(client) || client.businessName || client.email || 'Client';
}

/**
 * Statements: a client's for a period (JSON, PDF, e-mailed by the admin), the signed-in
 * client's own, and whether last month's goes out by itself on the 1st.
 */
export function createStatementService(deps: StatementServiceDeps) {
  const { repository, issuer, mail, audit, now, timeZone } = deps;

  async function clientOf(id: string): Promise<StatementClient> {
    const client = await repository.client(existingId(id, CLIENT_NOT_FOUND));
    if (!client) throw new AppError(404, CLIENT_NOT_FOUND);
    return client;
  }

  async function statementOf(client: StatementClient, query: StatementQuery): Promise<Statement> {
    const period = defaultPeriod(calendarDateIn(now(), timeZone), query);
    const figures = buildStatement(await repository.facts(client.id), period);
    return {
      client: {
        id: client.id,
        name: clientNameOf(client),
        email: client.email,
        businessName: client.businessName,
      },
      ...period,
      ...figures,
    };
  }

  async function pdfOf(statement: Statement) {
    return {
      filename: statementFilename(statement),
      content: await renderStatementPdf(statement, await issuer()),
    };
  }

  /** E-mails the statement with its PDF to the client; false when no address is known. */
  async function send(client: StatementClient, statement: Statement) {
    if (!client.email) return null;
    const pdf = await renderStatementPdf(statement, await issuer());
    return mail.statement(client.email, statement, {
      greeting: client.firstName || clientNameOf(client),
      pdf,
    });
  }

  return {
    statementOf,
    send,
    async forClient(id: string, query: StatementQuery) {
      return statementOf(await clientOf(id), query);
    },
    async pdfForClient(id: string, query: StatementQuery) {
      return pdfOf(await statementOf(await clientOf(id), query));
    },
    /** The admin's "E-mail to client": sent now, recorded in the audit log. */
    async emailToClient(
      id: string,
      query: StatementQuery,
      actor: AuditActor,
    ): Promise<StatementEmailed> {
      const client = await clientOf(id);
      const statement = await statementOf(client, query);
      const sent = await send(client, statement);
      if (!sent) throw new AppError(409, NO_EMAIL);
      await audit.record(actor, {
        kind: 'client.statement_emailed',
        targetType: 'client',
        targetId: client.id,
        after: {
          from: statement.from,
          to: statement.to,
          closingBalance: statement.closingBalance,
          email: client.email,
        },
      });
      return { sentTo: client.email!, from: statement.from, to: statement.to };
    },
    async own(userId: string, query: StatementQuery) {
      return statementOf(await clientOf(userId), query);
    },
    async ownPdf(userId: string, query: StatementQuery) {
      return pdfOf(await statementOf(await clientOf(userId), query));
    },
    getSettings: () => repository.settings(),
    async saveSettings(values: StatementSettings, actor: AuditActor) {
      const before = await repository.settings();
      const after = await repository.saveSettings(values);
      if (before.monthlyEmails !== after.monthlyEmails) {
        await audit.record(actor, {
          kind: 'settings.updated',
          targetType: 'settings',
          before: { monthlyStatements: before.monthlyEmails },
          after: { monthlyStatements: after.monthlyEmails },
        });
      }
      return after;
    },
  };
}
export type StatementService = ReturnType<typeof createStatementService>;
