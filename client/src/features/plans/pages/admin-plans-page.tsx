import { useState } from 'react';
import { formatPlanPrice } from '@shared/plans';
import type { AdminPlan } from '@shared/schemas/plans';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { QueryList } from '@/components/ui/query-list';
import { toast } from '@/components/ui/use-toast';
import { useAdminPlans, useMovePlanSubscribers, useUpdatePlan } from '../api/plans';
import { PlanEditor } from '../components/plan-editor';

const subscribers = (count: number) => `${count} ${count === 1 ? 'subscriber' : 'subscribers'}`;

/** What moving a plan's subscribers will do, in the owner's words. */
export function moveDescription(plan: AdminPlan, noticeDays: string): string {
  const who =
    plan.subscribersOnOtherPrice === 1
      ? '1 subscriber of this plan pays'
      : `${plan.subscribersOnOtherPrice} subscribers of this plan pay`;
  return `${who} another price than ${formatPlanPrice(plan.monthlyPrice)}. Each will pay ${formatPlanPrice(plan.monthlyPrice)} from their first renewal at least ${noticeDays} away (the notice set in Settings), and is e-mailed the new price and that date now. Nothing changes before then.`;
}

function PlanRow({
  plan,
  index,
  count,
  onEdit,
  onMove,
}: {
  plan: AdminPlan;
  index: number;
  count: number;
  onEdit: () => void;
  onMove: () => void;
}) {
  const update = useUpdatePlan();
  const retired = plan.status === 'retired';
  const reorder = (position: number) => update.mutate({ id: plan.id, patch: { position } });
  const setStatus = () =>
    update.mutate(
      { id: plan.id, patch: { status: retired ? 'active' : 'retired' } },
      {
        onSuccess: (saved) =>
          toast({
            title: saved.status === 'retired' ? 'Plan Retired' : 'Plan Offered Again',
            description:
              saved.status === 'retired'
                ? `${saved.name} takes no new subscribers; its ${subscribers(saved.subscriberCount)} keep it.`
                : `${saved.name} is offered again.`,
          }),
      },
    );
  return (
    <li className="flex flex-col gap-3 p-4 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0 flex-1 space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="text-lg font-semibold">{plan.name}</h2>
          {plan.popular && <Badge>Most popular</Badge>}
          <Badge variant={retired ? 'secondary' : 'outline'}>
            {retired ? 'Retired' : 'Active'}
          </Badge>
        </div>
        <p className="font-medium">{formatPlanPrice(plan.monthlyPrice)}</p>
        <p className="text-sm text-muted-foreground">
          {subscribers(plan.subscriberCount)}
          {plan.subscribersOnOtherPrice > 0 &&
            ` · ${plan.subscribersOnOtherPrice} on another price`}
          {' · '}
          {plan.updatesPerMonth === null
            ? 'Unlimited updates'
            : `${plan.updatesPerMonth} ${plan.updatesPerMonth === 1 ? 'update' : 'updates'} a month`}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={onEdit}
          aria-label={`Edit ${plan.name}`}
        >
          Edit
        </Button>
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={index === 0 || update.isPending}
          onClick={() => reorder(index - 1)}
          aria-label={`Move ${plan.name} up`}
        >
          Up
        </Button>
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={index === count - 1 || update.isPending}
          onClick={() => reorder(index + 1)}
          aria-label={`Move ${plan.name} down`}
        >
          Down
        </Button>
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={update.isPending}
          onClick={setStatus}
          aria-label={`${retired ? 'Reactivate' : 'Retire'} ${plan.name}`}
        >
          {retired ? 'Reactivate' : 'Retire'}
        </Button>
        {plan.subscribersOnOtherPrice > 0 && (
          <Button type="button" size="sm" onClick={onMove}>
            Move subscribers to this price
          </Button>
        )}
      </div>
    </li>
  );
}

/**
 * /admin/plans: the plan catalogue in the order every list shows it, with each plan's price,
 * status and subscribers; add, edit, reorder, retire or reactivate, and move a plan's
 * subscribers to its current price with notice.
 */
export function AdminPlansPage({ noticeDays = '30 days' }: { noticeDays?: string }) {
  const plans = useAdminPlans();
  const move = useMovePlanSubscribers();
  const [editing, setEditing] = useState<AdminPlan | 'new' | null>(null);
  const [moving, setMoving] = useState<AdminPlan | null>(null);
  const items = plans.data?.items ?? [];
  const model = items.find((plan) => plan.popular) ?? items[0];
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="font-display text-3xl font-bold">Plans</h1>
        <Button type="button" onClick={() => setEditing('new')}>
          Add Plan
        </Button>
      </div>
      <p className="text-sm text-muted-foreground">
        The plans the landing page and the client portal offer, in this order. A new price is for
        new subscriptions; a retired plan takes no new subscribers and keeps its current ones.
      </p>
      <QueryList
        query={{ isLoading: plans.isLoading, isError: plans.isError, data: plans.data?.items }}
        what="The plans"
        empty="No plans yet."
      >
        {(list) => (
          <ul className="divide-y rounded-md border bg-card">
            {list.map((plan, index) => (
              <PlanRow
                key={plan.id}
                plan={plan}
                index={index}
                count={list.length}
                onEdit={() => setEditing(plan)}
                onMove={() => setMoving(plan)}
              />
            ))}
          </ul>
        )}
      </QueryList>
      {model && (
        <PlanEditor
          open={editing !== null}
          plan={editing === 'new' ? null : editing}
          defaultResponseTimes={model.responseTimes}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={moving !== null}
        onOpenChange={(open) => !open && setMoving(null)}
        title={`Move ${moving?.name ?? ''} subscribers to ${moving ? formatPlanPrice(moving.monthlyPrice) : ''}?`}
        description={moving ? moveDescription(moving, noticeDays) : ''}
        confirmLabel="Move subscribers"
        pendingLabel="Moving..."
        pending={move.isPending}
        onConfirm={() =>
          moving &&
          move.mutate(moving.id, {
            onSuccess: (result) => {
              toast({
                title: 'Subscribers Moved',
                description:
                  result.moved === 0
                    ? 'Nobody was left to move.'
                    : result.notified
                        .map((one) => `${one.clientName}: from ${one.from}`)
                        .join('; '),
              });
              setMoving(null);
            },
          })
        }
      />
    </div>
  );
}
