import { queryOptions, useQuery } from '@tanstack/react-query';
import { TaxReportSchema, type TaxReportBasis } from '@shared/schemas/tax';
import { apiGet } from '@/lib/api-request';

const PATH = '/api/admin/reports/tax';

interface TaxReportParams {
  from: string;
  to: string;
  basis: TaxReportBasis;
}

const search = ({ from, to, basis }: TaxReportParams) =>
  new URLSearchParams({ from, to, basis }).toString();

/** GET /api/admin/reports/tax?from=&to=&basis=: taxes by rate for a period. */
export const taxReportQueryOptions = (params: TaxReportParams) =>
  queryOptions({
    queryKey: [PATH, params] as const,
    queryFn: ({ signal }) => apiGet(`${PATH}?${search(params)}`, TaxReportSchema, signal),
  });

/** Asked for only while the period is valid (`enabled`): a backwards one is refused anyway. */
export function useTaxReport(params: TaxReportParams, { enabled = true } = {}) {
  return useQuery({ ...taxReportQueryOptions(params), enabled });
}

/** The same report as a CSV download (the browser sends the admin's session). */
export const taxReportCsvHref = (params: TaxReportParams) => `${PATH}?${search(params)}&format=csv`;
