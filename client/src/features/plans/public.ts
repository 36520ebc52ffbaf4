/** What other features and app/ may use of the plan catalogue: its queries and lookups. */
export {
  adminPlansQueryOptions,
  planLookup,
  plansQueryOptions,
  useAdminPlanLookup,
  useAdminPlans,
  usePlanLookup,
  usePlans,
  type PlanLookup,
} from './api/plans';
export { AdminPlanName, PlanName, PlanOptions } from './components/plan-name';
