import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { ReportsSchema, type Report } from '@shared/schemas/reports';
import { SubscriptionSchema, type Subscription } from '@shared/schemas/subscriptions';
import { apiServer, errorJson, json } from '@tests/support/api-server';
import { renderWithApp } from '@tests/support/render-app';
import { setBusinessTimeZone } from '@/lib/dates';
import { ReportsCard } from './reports-card';

/** Dec 31, 2026 at 8:00 PM in Chicago: already Jan 1 in UTC, still December there. */
const NOW = new Date('2027-01-01T02:00:00.000Z');

const NOVEMBER: Report = {
  id: '11111111-1111-4111-8111-111111111111',
  month: '2026-11',
  createdAt: '2026-12-01T13:00:00.000Z',
};
const OCTOBER: Report = {
  id: '22222222-2222-4222-8222-222222222222',
  month: '2026-10',
  createdAt: '2026-11-01T12:00:00.000Z',
};
const ACTIVE: Subscription = {
  tier: 'signature',
  status: 'active',
  currentPeriodStart: '2026-12-02T15:00:00.000Z',
  currentPeriodEnd: '2027-01-02T15:00:00.000Z',
  cancelAtPeriodEnd: false,
  pendingTier: null,
  pendingTierFrom: null,
  withdrawn: false,
};

function stub(reports: () => Response, subscription: Subscription | null = ACTIVE) {
  apiServer.use(
    http.get('/api/reports', reports),
    http.get('/api/subscription', () => json(SubscriptionSchema.nullable(), subscription)),
  );
}

beforeAll(() => setBusinessTimeZone('America/Chicago'));

describe('ReportsCard', () => {
  it('lists the reports newest first, each with its PDF, and says when the next one comes', async () => {
    stub(() => json(ReportsSchema, [NOVEMBER, OCTOBER]));
    renderWithApp(<ReportsCard now={NOW} />, '/portal/dashboard');
    const list = await screen.findByRole('list', { name: 'Your monthly reports' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(['Nov 2026 PDF', 'Oct 2026 PDF']);
    expect(screen.getByRole('link', { name: 'PDF of the Nov 2026 report' })).toHaveAttribute(
      'href',
      `/api/reports/${NOVEMBER.id}/pdf`,
    );
    expect(screen.getByRole('link', { name: 'PDF of the Oct 2026 report' })).toHaveAttribute(
      'download',
    );
    expect(await screen.findByText('Your next monthly report: Jan 1, 2027.')).toBeVisible();
  });

  it('says there are none yet, and that reports come with a plan to a client without one', async () => {
    stub(() => json(ReportsSchema, []), null);
    renderWithApp(<ReportsCard now={NOW} />, '/portal/dashboard');
    expect(await screen.findByText(/^No reports yet\./)).toBeVisible();
    expect(
      await screen.findByText('A monthly report of your website comes with every plan.'),
    ).toBeVisible();
    expect(screen.queryByText(/next monthly report/)).not.toBeInTheDocument();
  });

  it('says so when the reports cannot be loaded', async () => {
    stub(() => errorJson(500, 'Internal Server Error'));
    renderWithApp(<ReportsCard now={NOW} />, '/portal/dashboard');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your reports could not be loaded. Please reload the page.',
    );
  });
});
