import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { SignupLinkSchema } from '@shared/schemas/signup-links';
import { apiGet } from '@/lib/api-request';

const SignupLinksSchema = z.array(SignupLinkSchema);

/** GET /api/admin/signup-links: the links issued, newest first, and what became of each. */
export function getSignupLinks(signal?: AbortSignal) {
  return apiGet('/api/admin/signup-links', SignupLinksSchema, signal);
}

export const signupLinksQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/admin/signup-links'],
    queryFn: ({ signal }) => getSignupLinks(signal),
    staleTime: 0,
  });

export function useSignupLinks() {
  return useQuery(signupLinksQueryOptions());
}
