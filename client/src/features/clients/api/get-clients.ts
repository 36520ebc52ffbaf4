import { useQuery } from '@tanstack/react-query';
import { CLIENT_LIST_PARAMS, ClientAccountPageSchema } from '@shared/schemas/clients';
import { pageQueryOptions, pagesKey, type ListParams } from '@/lib/list-params';

const PATH = '/api/admin/clients';

export type ClientListParams = ListParams<(typeof CLIENT_LIST_PARAMS)[number]>;

/** Every page of the directory. */
export const clientPagesKey = pagesKey(PATH);

/** GET /api/admin/clients?q=&status=&page=&pageSize=: one page, newest client first. */
export const clientsQueryOptions = (params: ClientListParams = {}) =>
  pageQueryOptions(PATH, ClientAccountPageSchema, CLIENT_LIST_PARAMS, params);

export function useClients(params: ClientListParams) {
  return useQuery(clientsQueryOptions(params));
}
