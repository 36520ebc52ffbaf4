import { formatPlanPrice } from '@shared/plans';
import type { PublicPlan } from '@shared/schemas/plans';
import { useAdminPlanLookup, usePlanLookup } from '../api/plans';

/** A plan's name from the admin's catalogue (retired plans included); its id while it loads. */
export function AdminPlanName({ id }: { id: string }) {
  return <>{useAdminPlanLookup().name(id)}</>;
}

/** A plan's name from the offered plans (the portal); its id while it loads. */
export function PlanName({ id }: { id: string }) {
  return <>{usePlanLookup().name(id)}</>;
}

/** The `<option>`s of a plan select: each plan's name and monthly price. */
export function PlanOptions({
  plans,
}: {
  plans: readonly Pick<PublicPlan, 'id' | 'name' | 'monthlyPrice'>[];
}) {
  return plans.map((plan) => (
    <option key={plan.id} value={plan.id}>
      {plan.name} ({formatPlanPrice(plan.monthlyPrice)})
    </option>
  ));
}
