import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { ResponseStatsSchema } from '@shared/schemas/response-stats';
import { adminPlansHandler, apiServer, json } from '@tests/support/api-server';
import { renderWithApp } from '@tests/support/render-app';
import { formatMinutes, ResponseTimesCard } from './response-times-card';

describe('ResponseTimesCard', () => {
  // The screen names plans from the catalogue (issue 37).
  beforeEach(() => {
    apiServer.use(adminPlansHandler());
  });

  it("writes each plan's median first response and share answered in time", async () => {
    apiServer.use(
      http.get('/api/admin/dashboard-response-times', () =>
        json(ResponseStatsSchema, {
          month: '2026-11',
          plans: [
            {
              plan: 'essentials',
              opened: 0,
              answered: 0,
              medianFirstResponseMinutes: null,
              due: 0,
              answeredInTime: 0,
            },
            {
              plan: 'signature',
              opened: 4,
              answered: 3,
              medianFirstResponseMinutes: 200,
              due: 3,
              answeredInTime: 2,
            },
            {
              plan: 'prestige',
              opened: 2,
              answered: 2,
              medianFirstResponseMinutes: 45,
              due: 2,
              answeredInTime: 2,
            },
          ],
        }),
      ),
    );
    renderWithApp(<ResponseTimesCard />, '/admin/dashboard');
    const list = await screen.findByRole('list', { name: 'Response times by plan' });
    // Each plan is named from the catalogue once it answers.
    expect(await within(list).findByText('Essentials')).toBeVisible();
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      'EssentialsMedian first response: none answered yetAnswered in time: none due yet',
      'SignatureMedian first response: 3 h 20 minAnswered in time: 67% (2 of 3)',
      'PrestigeMedian first response: 45 minAnswered in time: 100% (2 of 2)',
    ]);
    expect(screen.getByText('Tickets opened in Nov 2026, by plan when opened.')).toBeVisible();
  });

  it('writes durations in minutes, hours and days', () => {
    expect(formatMinutes(0)).toBe('0 min');
    expect(formatMinutes(60)).toBe('1 h');
    expect(formatMinutes(24 * 60 + 180)).toBe('1 d 3 h');
    expect(formatMinutes(2 * 24 * 60)).toBe('2 d');
  });
});
