import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { AdminReportSchema, AdminReportsSchema, type AdminReport } from '@shared/schemas/reports';
import { apiServer, errorJson, json, recordRequests } from '@tests/support/api-server';
import { renderWithApp } from '@tests/support/render-app';
import { setBusinessTimeZone } from '@/lib/dates';
import { ClientReportsCard, reportMonths } from './client-reports-card';

const CLIENT = '0b1c2d3e-0000-4000-8000-000000000001';
/** Dec 9, 2026 in Chicago. */
const NOW = new Date('2026-12-09T18:00:00.000Z');

const NOVEMBER: AdminReport = {
  id: '11111111-1111-4111-8111-111111111111',
  month: '2026-11',
  createdAt: '2026-12-01T13:00:00.000Z',
  periodStart: '2026-11-01',
  periodEnd: '2026-11-30',
  sentAt: '2026-12-01T13:00:00.000Z',
};

beforeAll(() => setBusinessTimeZone('America/Chicago'));

describe('the months a report can be made for', () => {
  it('go from this month (so far) back to the month the client joined, last month first', () => {
    expect(reportMonths('2026-09-20T15:00:00.000Z', NOW)).toEqual({
      months: ['2026-12', '2026-11', '2026-10', '2026-09'],
      current: '2026-12',
      preferred: '2026-11',
    });
    // Joined on Dec 1 at 12:30 AM in Chicago: this month only.
    expect(reportMonths('2026-12-01T06:30:00.000Z', NOW)).toEqual({
      months: ['2026-12'],
      current: '2026-12',
      preferred: '2026-12',
    });
    // Nov 30 at 11:30 PM in Chicago is already Dec 1 in UTC: November counts.
    expect(reportMonths('2026-12-01T05:30:00.000Z', NOW).months).toEqual(['2026-12', '2026-11']);
    expect(reportMonths('2019-01-01T15:00:00.000Z', NOW).months).toHaveLength(24);
  });
});

describe('ClientReportsCard', () => {
  it("makes last month's report by default to read first, and sends it only on Send", async () => {
    const made: AdminReport = { ...NOVEMBER, sentAt: null };
    let reports: AdminReport[] = [];
    apiServer.use(
      http.get(`/api/admin/clients/${CLIENT}/reports`, () => json(AdminReportsSchema, reports)),
      http.post(`/api/admin/clients/${CLIENT}/reports`, () => {
        reports = [made];
        return json(
          AdminReportSchema,
          {
            ...made,
            message:
              'The report for Nov 2026 is made and not sent. Open its PDF to read it, then Send it to the client.',
          },
          { status: 201 },
        );
      }),
      http.post(`/api/admin/reports/${NOVEMBER.id}/send`, () => {
        reports = [NOVEMBER];
        return json(AdminReportSchema, {
          ...NOVEMBER,
          message: 'The report for Nov 2026 was e-mailed to camille@example.com.',
        });
      }),
    );
    const calls = recordRequests();
    renderWithApp(
      <ClientReportsCard clientId={CLIENT} joinedAt="2026-09-20T15:00:00.000Z" now={NOW} />,
      `/admin/clients/${CLIENT}`,
    );
    expect(await screen.findByText('No reports yet.')).toBeVisible();
    const month = screen.getByLabelText('Month');
    expect(month).toHaveValue('2026-11');
    expect(
      within(month)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Dec 2026 (so far)', 'Nov 2026', 'Oct 2026', 'Sep 2026']);
    await userEvent.click(screen.getByRole('button', { name: 'Make report' }));

    // The report to read, focused; nothing sent yet.
    const panel = await screen.findByRole('region', { name: 'Nov 2026 report made: not sent yet' });
    expect(within(panel).getByRole('heading')).toHaveFocus();
    expect(within(panel).getByRole('link', { name: 'Open the PDF' })).toHaveAttribute(
      'href',
      `/api/admin/reports/${NOVEMBER.id}/pdf`,
    );
    const list = await screen.findByRole('list', { name: 'Monthly reports' });
    const [item] = within(list).getAllByRole('listitem');
    expect(item).toHaveTextContent('Nov 1, 2026 to Nov 30, 2026');
    expect(item).toHaveTextContent('Not sent yet');
    expect(within(item!).getByRole('link', { name: 'PDF of the Nov 2026 report' })).toHaveAttribute(
      'href',
      `/api/admin/reports/${NOVEMBER.id}/pdf`,
    );
    expect(within(item!).getByRole('button', { name: 'Send: the Nov 2026 report' })).toBeVisible();
    expect(calls.map((call) => call.url)).not.toContain(`/api/admin/reports/${NOVEMBER.id}/send`);

    await userEvent.click(within(panel).getByRole('button', { name: 'Send to the client' }));
    expect((await screen.findAllByText('Nov 2026 report sent'))[0]).toBeVisible();
    expect(
      screen.getAllByText('The report for Nov 2026 was e-mailed to camille@example.com.')[0],
    ).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('region', { name: /not sent yet/ })).toBeNull());
    expect(await within(list).findByText('Sent Dec 1, 2026 at 7:00 AM')).toBeVisible();
    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'POST')).toEqual([
        {
          method: 'POST',
          url: `/api/admin/clients/${CLIENT}/reports`,
          body: { month: '2026-11' },
        },
        { method: 'POST', url: `/api/admin/reports/${NOVEMBER.id}/send`, body: undefined },
      ]),
    );
  });

  it('sends a report again, and shows the refusal of a month that cannot be made', async () => {
    apiServer.use(
      http.get(`/api/admin/clients/${CLIENT}/reports`, () => json(AdminReportsSchema, [NOVEMBER])),
      http.post(`/api/admin/reports/${NOVEMBER.id}/send`, () =>
        json(AdminReportSchema, {
          ...NOVEMBER,
          sentAt: '2026-12-09T18:00:00.000Z',
          message: 'The report for Nov 2026 was e-mailed to camille@example.com.',
        }),
      ),
      http.post(`/api/admin/clients/${CLIENT}/reports`, () =>
        errorJson(
          400,
          'The client joined on Nov 12, 2026: there is no report for 2026-10, a month before that.',
        ),
      ),
    );
    const calls = recordRequests();
    renderWithApp(
      <ClientReportsCard clientId={CLIENT} joinedAt="2026-10-20T15:00:00.000Z" now={NOW} />,
      `/admin/clients/${CLIENT}`,
    );
    await userEvent.click(
      await screen.findByRole('button', { name: 'Send again: the Nov 2026 report' }),
    );
    expect((await screen.findAllByText('Nov 2026 report sent again'))[0]).toBeVisible();

    await userEvent.selectOptions(screen.getByLabelText('Month'), '2026-10');
    await userEvent.click(screen.getByRole('button', { name: 'Make report' }));
    expect((await screen.findAllByText('Report not made'))[0]).toBeVisible();
    expect(
      screen.getAllByText(
        'The client joined on Nov 12, 2026: there is no report for 2026-10, a month before that.',
      )[0],
    ).toBeVisible();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.url)).toEqual([
      `/api/admin/reports/${NOVEMBER.id}/send`,
      `/api/admin/clients/${CLIENT}/reports`,
    ]);
  });
});
