import { useAdminPlanLookup, usePlanLookup } from '../api/plans';

/** A plan's name from the admin's catalogue (retired plans included); its id while it loads. */
export function AdminPlanName({ id }: { id: string }) {
  return <>{useAdminPlanLookup().name(id)}</>;
}

/** A plan's name from the offered plans (the portal); its id while it loads. */
export function PlanName({ id }: { id: string }) {
  return <>{usePlanLookup().name(id)}</>;
}
