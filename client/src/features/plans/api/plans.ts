import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  AdminPlanPageSchema,
  AdminPlanSchema,
  MovePlanSubscribersResultSchema,
  PublicPlansSchema,
  type AdminPlan,
  type CreatePlan,
  type PublicPlan,
  type UpdatePlan,
} from '@shared/schemas/plans';
import { apiGet, apiSend } from '@/lib/api-request';

const PUBLIC_PATH = '/api/plans';
const ADMIN_PATH = '/api/admin/plans';

/** GET /api/plans: the active plans in order (the portal's plan choice, no sign-in). */
export const plansQueryOptions = () => ({
  queryKey: [PUBLIC_PATH] as const,
  queryFn: () => apiGet(PUBLIC_PATH, PublicPlansSchema),
  staleTime: 60_000,
});

export function usePlans() {
  return useQuery(plansQueryOptions());
}

/**
 * GET /api/admin/plans: every plan (retired ones too), one page of up to 100, which the
 * catalogue of a small agency never outgrows.
 */
export const adminPlansQueryOptions = () => ({
  queryKey: [ADMIN_PATH, 'all'] as const,
  queryFn: () => apiGet(`${ADMIN_PATH}?pageSize=100`, AdminPlanPageSchema),
  staleTime: 30_000,
});

export function useAdminPlans() {
  return useQuery(adminPlansQueryOptions());
}

/** A plan looked up by id, with the words a screen writes without one. */
export interface PlanLookup<Plan extends PublicPlan = PublicPlan> {
  plans: readonly Plan[];
  find(id: string | null | undefined): Plan | undefined;
  /** The plan's name, or its id while the catalogue loads (or for a plan unknown). */
  name(id: string): string;
}

export function planLookup<Plan extends PublicPlan>(plans: readonly Plan[]): PlanLookup<Plan> {
  const byId = new Map(plans.map((plan) => [plan.id, plan]));
  return {
    plans,
    find: (id) => (id ? byId.get(id) : undefined),
    name: (id) => byId.get(id)?.name ?? id,
  };
}

/** The active plans as a lookup (the portal's screens). */
export function usePlanLookup(): PlanLookup {
  const { data } = usePlans();
  return planLookup(data?.items ?? []);
}

/** Every plan as a lookup, retired ones included (the admin's screens). */
export function useAdminPlanLookup(): PlanLookup<AdminPlan> {
  const { data } = useAdminPlans();
  return planLookup(data?.items ?? []);
}

function useRefreshingMutation<Input, Output>(
  mutationFn: (input: Input) => Promise<Output>,
  fallback: string,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    meta: { error: { fallback } },
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: [ADMIN_PATH] }),
        queryClient.invalidateQueries({ queryKey: [PUBLIC_PATH] }),
      ]);
    },
  });
}

/** POST /api/admin/plans → 201, the plan with its new id. */
export function useCreatePlan() {
  return useRefreshingMutation(
    (input: CreatePlan) => apiSend('POST', ADMIN_PATH, AdminPlanSchema, input),
    'The plan could not be added. Please try again.',
  );
}

/** PATCH /api/admin/plans/{id}. */
export function useUpdatePlan() {
  return useRefreshingMutation(
    ({ id, patch }: { id: string; patch: UpdatePlan }) =>
      apiSend('PATCH', `${ADMIN_PATH}/${encodeURIComponent(id)}`, AdminPlanSchema, patch),
    'The plan could not be saved. Please try again.',
  );
}

/** POST /api/admin/plans/{id}/move-subscribers. */
export function useMovePlanSubscribers() {
  return useRefreshingMutation(
    (id: string) =>
      apiSend(
        'POST',
        `${ADMIN_PATH}/${encodeURIComponent(id)}/move-subscribers`,
        MovePlanSubscribersResultSchema,
        {},
      ),
    'The subscribers could not be moved. Please try again.',
  );
}
