import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  SubscriptionChangeSchema,
  SubscriptionSchema,
  type Subscription,
} from '@shared/schemas/subscriptions';
import { apiServer, json, plansHandler } from '@tests/support/api-server';
import { renderWithApp } from '@tests/support/render-app';
import { SubscriptionPanel, SubscriptionSummary } from './subscription-panel';

const active: Subscription = {
  tier: 'signature',
  status: 'active',
  currentPeriodStart: '2026-11-01T12:00:00.000Z',
  currentPeriodEnd: '2026-12-01T12:00:00.000Z',
  cancelAtPeriodEnd: false,
  pendingTier: null,
  pendingTierFrom: null,
  withdrawn: false,
};

const MaybeSubscriptionSchema = SubscriptionSchema.nullable();

/** GET /api/subscription answered with `subscription`. */
function stubSubscription(subscription: Subscription | null) {
  apiServer.use(http.get('/api/subscription', () => json(MaybeSubscriptionSchema, subscription)));
}

describe('SubscriptionPanel', () => {
  // The screen names plans from the catalogue (issue 37).
  beforeEach(() => {
    apiServer.use(plansHandler());
  });

  it('shows plan, status, period and next billing date, and cancels at the end of the period after confirmation', async () => {
    const posted: string[] = [];
    stubSubscription(active);
    apiServer.use(
      http.post('/api/subscription/cancel', ({ request }) => {
        posted.push(new URL(request.url).pathname);
        return json(SubscriptionChangeSchema, {
          message: 'Your cancellation request has been received.',
          subscription: { ...active, cancelAtPeriodEnd: true },
        });
      }),
    );
    renderWithApp(<SubscriptionPanel />, '/portal/dashboard');

    expect(await screen.findByText('Signature ($399.00/month)')).toBeVisible();
    expect(screen.getByText('Active')).toBeVisible();
    expect(screen.getByText('Nov 1, 2026 to Dec 1, 2026')).toBeVisible();
    expect(screen.getByText('Dec 1, 2026')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Change Plan' })).toHaveAttribute(
      'href',
      '/portal/subscribe',
    );

    await userEvent.click(screen.getByRole('button', { name: 'Cancel Subscription' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('stays active until Dec 1, 2026');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Go Back' }));
    expect(posted).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Cancel Subscription' }));
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', {
        name: 'Cancel Subscription',
      }),
    );
    expect(await screen.findByText('Your plan ends on Dec 1, 2026.')).toBeVisible();
    expect(posted).toEqual(['/api/subscription/cancel']);
    expect(screen.getByText('None scheduled')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Cancel Subscription' })).toBeNull();
  });

  it("takes the cancellation back with 'Keep my plan'", async () => {
    const ending: Subscription = { ...active, cancelAtPeriodEnd: true };
    const deleted: string[] = [];
    stubSubscription(ending);
    apiServer.use(
      http.delete('/api/subscription/cancel', ({ request }) => {
        deleted.push(new URL(request.url).pathname);
        return json(SubscriptionChangeSchema, {
          message:
            'Your cancellation is taken back: your Signature plan continues and renews as before.',
          subscription: active,
        });
      }),
    );
    renderWithApp(<SubscriptionPanel />, '/portal/dashboard');
    expect(await screen.findByText('Your plan ends on Dec 1, 2026.')).toBeVisible();
    expect(screen.getByText('None scheduled')).toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: 'Keep my plan' }));
    expect(
      await screen.findByText(
        'Your cancellation is taken back: your Signature plan continues and renews as before.',
      ),
    ).toBeVisible();
    expect(deleted).toEqual(['/api/subscription/cancel']);
    expect(screen.queryByText('Your plan ends on Dec 1, 2026.')).toBeNull();
    expect(screen.getByRole('button', { name: 'Cancel Subscription' })).toBeVisible();
    // The next billing date is back.
    expect(screen.getAllByText('Dec 1, 2026').length).toBeGreaterThan(0);
  });

  it("offers 'Subscribe Now' without a subscription", async () => {
    stubSubscription(null);
    renderWithApp(<SubscriptionPanel />, '/portal/dashboard');
    expect(await screen.findByRole('link', { name: 'Subscribe Now' })).toHaveAttribute(
      'href',
      '/portal/subscribe',
    );
  });

  it("says 'Request withdrawn' for a withdrawn request, with no period", async () => {
    const withdrawn: Subscription = {
      ...active,
      status: 'canceled',
      currentPeriodStart: null,
      currentPeriodEnd: null,
      withdrawn: true,
    };
    stubSubscription(withdrawn);
    renderWithApp(<SubscriptionPanel />, '/portal/dashboard');
    expect(await screen.findByText('Request withdrawn')).toBeVisible();
    expect(
      screen.getByText('You withdrew this plan request before it started: nothing was billed.'),
    ).toBeVisible();
    expect(screen.queryByText('Current Period')).toBeNull();
    expect(screen.queryByText('Starts when the first invoice is paid')).toBeNull();
    expect(screen.queryByText('canceled')).toBeNull();
    expect(screen.queryByText('This plan has ended.')).toBeNull();
    expect(screen.getByText('None scheduled')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Cancel Subscription' })).toBeNull();
  });

  it('shows a pending plan change on the dashboard card and withdraws it', async () => {
    const changing: Subscription = {
      ...active,
      currentPeriodEnd: '2099-12-07T12:00:00.000Z',
      pendingTier: 'prestige',
      pendingTierFrom: '2099-12-07T12:00:00.000Z',
    };
    const deleted: string[] = [];
    stubSubscription(changing);
    apiServer.use(
      http.delete('/api/subscription/plan-change', ({ request }) => {
        deleted.push(new URL(request.url).pathname);
        return json(SubscriptionChangeSchema, {
          message: 'Your plan change is withdrawn: you stay on the Signature plan.',
          subscription: { ...changing, pendingTier: null, pendingTierFrom: null },
        });
      }),
    );
    renderWithApp(<SubscriptionSummary />, '/portal/dashboard');
    expect(await screen.findByText('Changes to Prestige on Dec 7, 2099.')).toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: 'Withdraw change' }));
    expect(await screen.findByText('Plan Change Withdrawn')).toBeVisible();
    expect(deleted).toEqual(['/api/subscription/plan-change']);
    expect(screen.queryByText(/Changes to Prestige/)).toBeNull();
  });
});
