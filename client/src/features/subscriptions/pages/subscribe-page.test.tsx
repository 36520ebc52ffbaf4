import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  PlanChangeSchema,
  SubscriptionChangeSchema,
  SubscriptionSchema,
  type Subscription,
} from '@shared/schemas/subscriptions';
import { apiServer, json, plansHandler, recordRequests } from '@tests/support/api-server';
import { renderWithApp } from '@tests/support/render-app';
import { SubscribePage } from './subscribe-page';

// Its period ends in the future whenever the test runs.
const active: Subscription = {
  tier: 'prestige',
  status: 'active',
  currentPeriodStart: '2026-11-01T00:00:00.000Z',
  currentPeriodEnd: '2099-12-01T12:00:00.000Z',
  cancelAtPeriodEnd: false,
  pendingTier: null,
  pendingTierFrom: null,
  withdrawn: false,
};

const MaybeSubscriptionSchema = SubscriptionSchema.nullable();

/** GET /api/subscription answers `subscription`; POST /api/get-or-create-subscription `subscribed`. */
function stubApi(subscription: Subscription | null, subscribed?: () => Response) {
  apiServer.use(
    http.get('/api/subscription', () => json(MaybeSubscriptionSchema, subscription)),
    ...(subscribed ? [http.post('/api/get-or-create-subscription', subscribed)] : []),
  );
  return recordRequests();
}

describe('SubscribePage', () => {
  // The screen names plans from the catalogue (issue 37).
  beforeEach(() => {
    apiServer.use(plansHandler());
  });

  it('shows the three plans, Signature most popular, and no banner without a subscription', async () => {
    stubApi(null);
    renderWithApp(<SubscribePage />, '/portal/subscribe');
    expect(await screen.findByRole('button', { name: 'Subscribe to Essentials' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Subscribe to Signature' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Subscribe to Prestige' })).toBeVisible();
    expect(screen.getByText('Most Popular')).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Manage Subscription' })).toBeNull();
    // The one catalogue the landing page shows too: Prestige's updates are unlimited here as well.
    const prestige = screen.getByRole('heading', { name: 'Prestige' }).closest('li')!;
    expect(prestige).toHaveTextContent('$599.00/month');
    expect(within(prestige).getByText('Unlimited updates')).toBeVisible();
    expect(within(prestige).queryByText('Weekly updates')).toBeNull();
  });

  it('marks the current plan, switches from the next period, and keeps the current plan on demand', async () => {
    let subscription: Subscription = active;
    const calls = recordRequests();
    apiServer.use(
      http.get('/api/subscription', () => json(MaybeSubscriptionSchema, subscription)),
      http.post('/api/subscription/plan-change', async ({ request }) => {
        const body = PlanChangeSchema.parse(await request.json());
        subscription =
          body.planId === 'prestige'
            ? { ...active, pendingTier: null, pendingTierFrom: null }
            : {
                ...active,
                pendingTier: body.planId,
                pendingTierFrom: active.currentPeriodEnd,
              };
        return json(SubscriptionChangeSchema, {
          message: subscription.pendingTier
            ? 'Your Prestige plan changes to Signature on Dec 1, 2099.'
            : 'Your plan change is withdrawn: you stay on the Prestige plan.',
          subscription,
        });
      }),
    );
    renderWithApp(<SubscribePage />, '/portal/subscribe');

    const manage = await screen.findByRole('link', { name: 'Manage Subscription' });
    expect(manage).toHaveAttribute('href', '/portal/dashboard');
    expect(screen.getByText(/You have an active/)).toHaveTextContent(
      'You have an active Prestige subscription. Choose another plan to switch from your next billing period (Dec 1, 2099).',
    );
    const prestige = screen.getByRole('listitem', { current: true });
    expect(within(prestige).getByRole('heading')).toHaveTextContent('Prestige');
    expect(within(prestige).getByText('Current plan', { selector: 'span' })).toBeVisible();
    expect(within(prestige).getByRole('button', { name: 'Current plan' })).toBeDisabled();
    // No dead end: the other plans switch.
    expect(screen.queryByRole('button', { name: /Subscribe/ })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Switch to Signature' }));
    expect(await screen.findByText('Plan Change Requested')).toBeVisible();
    expect(calls.find((call) => call.url === '/api/subscription/plan-change')?.body).toEqual({
      planId: 'signature',
    });
    expect(screen.getByText(/You have an active/)).toHaveTextContent(
      'It changes to Signature on Dec 1, 2099.',
    );
    expect(screen.getByText('From Dec 1, 2099')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Change requested' })).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: 'Keep Prestige' }));
    expect(await screen.findByText('Plan Change Withdrawn')).toBeVisible();
    expect(
      calls.filter((call) => call.url === '/api/subscription/plan-change').at(-1)?.body,
    ).toEqual({ planId: 'prestige' });
    expect(await screen.findByRole('button', { name: 'Current plan' })).toBeDisabled();
  });

  it('does not offer "Subscribe" again for the plan already asked for', async () => {
    stubApi({ ...active, status: 'pending', tier: 'signature', currentPeriodEnd: null });
    renderWithApp(<SubscribePage />, '/portal/subscribe');
    expect(await screen.findByRole('button', { name: 'Current plan' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Subscribe to Signature' })).toBeNull();
    const signature = screen.getByRole('heading', { name: 'Signature' }).closest('li')!;
    expect(signature).toHaveAttribute('aria-current', 'true');
    expect(within(signature).getByText('Requested')).toBeVisible();
    // The others can still replace the request.
    expect(screen.getByRole('button', { name: 'Subscribe to Essentials' })).toBeEnabled();
  });

  it('explains why a plan set to end cannot change, and offers no switch', async () => {
    stubApi({ ...active, cancelAtPeriodEnd: true });
    renderWithApp(<SubscribePage />, '/portal/subscribe');
    expect(await screen.findByText(/You have an active/)).toHaveTextContent(
      'Your plan is set to end, so it cannot be changed.',
    );
    expect(screen.getByRole('button', { name: 'Switch to Essentials' })).toBeDisabled();
  });

  it("gives the special toast when the answer says 'already have an active subscription'", async () => {
    // The plan became active meanwhile (the page still knew none).
    const calls = stubApi(null, () =>
      json(SubscriptionChangeSchema, {
        message: 'You already have an active subscription. To change your plan, ...',
        subscription: active,
      }),
    );
    renderWithApp(<SubscribePage />, '/portal/subscribe');
    await userEvent.click(await screen.findByRole('button', { name: 'Subscribe to Essentials' }));
    expect(await screen.findByText('Already Subscribed')).toBeVisible();
    expect(calls.find((call) => call.url === '/api/get-or-create-subscription')?.body).toEqual({
      planId: 'essentials',
    });
  });

  it("says 'Failed to process subscription. Please try again.' when the call fails", async () => {
    stubApi(null, () => new HttpResponse(null, { status: 500 }));
    renderWithApp(<SubscribePage />, '/portal/subscribe');
    await userEvent.click(await screen.findByRole('button', { name: 'Subscribe to Signature' }));
    expect(
      (await screen.findAllByText('Failed to process subscription. Please try again.'))[0],
    ).toBeVisible();
  });
});
