import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Subscription } from '@shared/schemas/subscriptions';
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

function stubApi(routes: Record<string, () => Response>) {
  const calls: Array<{ url: string; body?: unknown }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const route = routes[url];
      return route ? route() : new Response('{"message":"Not found"}', { status: 404 });
    }),
  );
  return calls;
}

const json =
  (value: unknown, status = 200) =>
  () =>
    new Response(JSON.stringify(value), { status });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('SubscribePage', () => {
  it('shows the three plans, Signature most popular, and no banner without a subscription', async () => {
    stubApi({ '/api/subscription': json(null) });
    renderWithApp(<SubscribePage />, '/portal/subscribe');
    expect(await screen.findByRole('button', { name: 'Subscribe to Essentials' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Subscribe to Signature' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Subscribe to Prestige' })).toBeVisible();
    expect(screen.getByText('Most Popular')).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Manage Subscription' })).toBeNull();
  });

  it('marks the current plan, switches from the next period, and keeps the current plan on demand', async () => {
    let subscription: Subscription = active;
    const calls = stubApi({
      '/api/subscription': () => new Response(JSON.stringify(subscription)),
      '/api/subscription/plan-change': () => {
        const body = calls.at(-1)!.body as { planId: string };
        subscription =
          body.planId === 'prestige'
            ? { ...active, pendingTier: null, pendingTierFrom: null }
            : {
                ...active,
                pendingTier: body.planId as Subscription['tier'],
                pendingTierFrom: active.currentPeriodEnd,
              };
        return new Response(
          JSON.stringify({
            message: subscription.pendingTier
              ? 'Your Prestige plan changes to Signature on Dec 1, 2099.'
              : 'Your plan change is withdrawn: you stay on the Prestige plan.',
            subscription,
          }),
        );
      },
    });
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

  it('explains why a plan set to end cannot change, and offers no switch', async () => {
    stubApi({ '/api/subscription': json({ ...active, cancelAtPeriodEnd: true }) });
    renderWithApp(<SubscribePage />, '/portal/subscribe');
    expect(await screen.findByText(/You have an active/)).toHaveTextContent(
      'Your plan is set to end, so it cannot be changed.',
    );
    expect(screen.getByRole('button', { name: 'Switch to Essentials' })).toBeDisabled();
  });

  it("gives the special toast when the answer says 'already have an active subscription'", async () => {
    // The plan became active meanwhile (the page still knew none).
    const calls = stubApi({
      '/api/subscription': json(null),
      '/api/get-or-create-subscription': json({
        message: 'You already have an active subscription. To change your plan, ...',
        subscription: active,
      }),
    });
    renderWithApp(<SubscribePage />, '/portal/subscribe');
    await userEvent.click(await screen.findByRole('button', { name: 'Subscribe to Essentials' }));
    expect(await screen.findByText('Already Subscribed')).toBeVisible();
    expect(calls.find((call) => call.url === '/api/get-or-create-subscription')?.body).toEqual({
      planId: 'essentials',
    });
  });

  it("says 'Failed to process subscription. Please try again.' when the call fails", async () => {
    stubApi({
      '/api/subscription': json(null),
      '/api/get-or-create-subscription': () => new Response('', { status: 500 }),
    });
    renderWithApp(<SubscribePage />, '/portal/subscribe');
    await userEvent.click(await screen.findByRole('button', { name: 'Subscribe to Signature' }));
    expect(
      (await screen.findAllByText('Failed to process subscription. Please try again.'))[0],
    ).toBeVisible();
  });
});
