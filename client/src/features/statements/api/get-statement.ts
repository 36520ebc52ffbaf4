import { queryOptions, useQuery } from '@tanstack/react-query';
import { StatementSchema } from '@shared/schemas/statements';
import { apiGet } from '@/lib/api-request';

/** A statement's period as chosen on screen; unset: the server's default (three months back). */
export interface StatementPeriod {
  from?: string;
  to?: string;
}

const withPeriod = (path: string, { from, to }: StatementPeriod) => {
  const query = new URLSearchParams();
  if (from) query.set('from', from);
  if (to) query.set('to', to);
  const search = query.toString();
  return search ? `${path}?${search}` : path;
};

const clientPath = (clientId: string) =>
  `/api/admin/clients/${encodeURIComponent(clientId)}/statement`;

/** GET /api/admin/clients/{id}/statement?from=&to=: a client's statement, for the agency. */
export const clientStatementQueryOptions = (clientId: string, period: StatementPeriod) =>
  queryOptions({
    queryKey: ['/api/admin/clients', 'statement', clientId, period.from ?? '', period.to ?? ''],
    queryFn: ({ signal }) =>
      apiGet(withPeriod(clientPath(clientId), period), StatementSchema, signal),
  });

export function useClientStatement(clientId: string, period: StatementPeriod) {
  return useQuery(clientStatementQueryOptions(clientId, period));
}

/** The same period's PDF, downloaded. */
export const clientStatementPdfUrl = (clientId: string, period: StatementPeriod) =>
  withPeriod(`${clientPath(clientId)}.pdf`, period);

/** GET /api/statement?from=&to=: the signed-in client's own statement. */
export const ownStatementQueryOptions = (period: StatementPeriod) =>
  queryOptions({
    queryKey: ['/api/statement', period.from ?? '', period.to ?? ''],
    queryFn: ({ signal }) => apiGet(withPeriod('/api/statement', period), StatementSchema, signal),
  });

export function useOwnStatement(period: StatementPeriod) {
  return useQuery(ownStatementQueryOptions(period));
}

export const ownStatementPdfUrl = (period: StatementPeriod) =>
  withPeriod('/api/statement.pdf', period);
