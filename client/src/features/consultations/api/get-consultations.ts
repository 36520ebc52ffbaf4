import { useQuery } from '@tanstack/react-query';
import { CONSULTATION_LIST_PARAMS, ConsultationPageSchema } from '@shared/schemas/consultations';
import { pageQueryOptions, pagesKey, type ListParams } from '@/lib/list-params';

const PATH = '/api/admin/consultations';

export type ConsultationListParams = ListParams<(typeof CONSULTATION_LIST_PARAMS)[number]>;

/** Every page of the requests: what a change of status refreshes. */
export const consultationPagesKey = pagesKey(PATH);

/** GET /api/admin/consultations?q=&status=&page=&pageSize=: one page, newest first. */
export const consultationsQueryOptions = (params: ConsultationListParams = {}) =>
  pageQueryOptions(PATH, ConsultationPageSchema, CONSULTATION_LIST_PARAMS, params);

export function useConsultations(params: ConsultationListParams) {
  return useQuery(consultationsQueryOptions(params));
}
