import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Subscription } from '@shared/schemas/subscriptions';
import { renderWithApp } from '../../../../../tests/support/render-app';
import { SubscriptionPanel } from './subscription-panel';

const active: Subscription = {
  tier: 'signature',
  status: 'active',
  currentPeriodStart: '2026-11-01T12:00:00.000Z',
  currentPeriodEnd: '2026-12-01T12:00:00.000Z',
  cancelAtPeriodEnd: false,
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('SubscriptionPanel', () => {
  it('shows plan, status, period and next billing date, and cancels at the end of the period after confirmation', async () => {
    const posted: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (url === '/api/subscription') return new Response(JSON.stringify(active));
        if (url === '/api/subscription/cancel' && init?.method === 'POST') {
          posted.push(url);
          return new Response(
            JSON.stringify({
              message: 'Your cancellation request has been received.',
              subscription: { ...active, cancelAtPeriodEnd: true },
            }),
          );
        }
        return new Response('{}', { status: 404 });
      }),
    );
    renderWithApp(<SubscriptionPanel />, '/portal/dashboard');

    expect(await screen.findByText('Signature ($399.00/month)')).toBeVisible();
    expect(screen.getByText('active')).toBeVisible();
    expect(screen.getByText('Nov 1, 2026 to Dec 1, 2026')).toBeVisible();
    expect(screen.getByText('Dec 1, 2026')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Change Plan' })).toHaveAttribute(
      'href',
      '/portal/subscribe',
    );

    await userEvent.click(screen.getByRole('button', { name: 'Cancel Subscription' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('stays active until Dec 1, 2026');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep My Plan' }));
    expect(posted).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Cancel Subscription' }));
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', {
        name: 'Cancel Subscription',
      }),
    );
    expect(
      await screen.findByText('Cancellation requested: your plan ends on Dec 1, 2026.'),
    ).toBeVisible();
    expect(posted).toEqual(['/api/subscription/cancel']);
    expect(screen.getByText('None scheduled')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Cancel Subscription' })).toBeNull();
  });

  it("offers 'Subscribe Now' without a subscription", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('null')),
    );
    renderWithApp(<SubscriptionPanel />, '/portal/dashboard');
    expect(await screen.findByRole('link', { name: 'Subscribe Now' })).toHaveAttribute(
      'href',
      '/portal/subscribe',
    );
  });
});
