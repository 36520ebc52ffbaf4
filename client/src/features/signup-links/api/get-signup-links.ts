import { useQuery } from '@tanstack/react-query';
import { SIGNUP_LINK_LIST_PARAMS, SignupLinkPageSchema } from '@shared/schemas/signup-links';
import { pageQueryOptions, pagesKey, type ListParams } from '@/lib/list-params';

const PATH = '/api/admin/signup-links';

export type SignupLinkListParams = ListParams<(typeof SIGNUP_LINK_LIST_PARAMS)[number]>;

/** Every page of the links: what a new link refreshes. */
export const signupLinkPagesKey = pagesKey(PATH);

/** GET /api/admin/signup-links?q=&status=&page=&pageSize=: one page, newest first. */
export const signupLinksQueryOptions = (params: SignupLinkListParams = {}) =>
  pageQueryOptions(PATH, SignupLinkPageSchema, SIGNUP_LINK_LIST_PARAMS, params);

export function useSignupLinks(params: SignupLinkListParams) {
  return useQuery(signupLinksQueryOptions(params));
}
