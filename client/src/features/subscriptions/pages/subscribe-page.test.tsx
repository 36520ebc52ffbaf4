import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Subscription } from '@shared/schemas/subscriptions';
import { renderWithApp } from '../../../../../tests/support/render-app';
import { SubscribePage } from './subscribe-page';

const active: Subscription = {
  tier: 'prestige',
  status: 'active',
  currentPeriodStart: '2026-11-01T00:00:00.000Z',
  currentPeriodEnd: '2026-12-01T00:00:00.000Z',
  cancelAtPeriodEnd: false,
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

  it('shows the active-subscription banner with Manage Subscription', async () => {
    stubApi({ '/api/subscription': json(active) });
    renderWithApp(<SubscribePage />, '/portal/subscribe');
    const manage = await screen.findByRole('link', { name: 'Manage Subscription' });
    expect(manage).toHaveAttribute('href', '/portal/dashboard');
    expect(screen.getByText(/You have an active/)).toHaveTextContent(
      'You have an active Prestige subscription.',
    );
  });

  it("gives the special toast when the answer says 'already have an active subscription'", async () => {
    const calls = stubApi({
      '/api/subscription': json(active),
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
