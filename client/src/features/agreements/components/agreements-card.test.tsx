import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { ClientAgreementListSchema } from '@shared/schemas/proposals';
import { apiServer, errorJson, json, recordRequests } from '@tests/support/api-server';
import { renderWithApp } from '@tests/support/render-app';
import { setBusinessTimeZone } from '@/lib/dates';
import { AgreementsCard } from './agreements-card';

const ID = '33333333-3333-4333-8333-333333333333';

beforeAll(() => setBusinessTimeZone('America/Chicago'));

describe('AgreementsCard', () => {
  it('lists the signed agreements, each with its PDF', async () => {
    apiServer.use(
      http.get('/api/proposals/mine', () =>
        json(ClientAgreementListSchema, {
          items: [
            {
              id: ID,
              title: 'A new website for Bayou Bakery',
              signedAt: '2026-12-02T16:30:00.000Z',
              signerName: 'Nadia Broussard',
              pdfUrl: `/api/proposals/mine/${ID}/pdf`,
            },
          ],
        }),
      ),
    );
    renderWithApp(<AgreementsCard />, '/portal/dashboard');
    const list = await screen.findByRole('list', { name: 'Your signed agreements' });
    expect(screen.getByRole('heading', { name: 'Agreements' })).toBeVisible();
    const [item] = within(list).getAllByRole('listitem');
    expect(item).toHaveTextContent(
      'A new website for Bayou BakerySigned by Nadia Broussard on Dec 2, 2026',
    );
    expect(
      within(item!).getByRole('link', {
        name: 'Download the PDF of A new website for Bayou Bakery',
      }),
    ).toHaveAttribute('href', `/api/proposals/mine/${ID}/pdf`);
  });

  it('is not shown to a client who signed none', async () => {
    const calls = recordRequests();
    apiServer.use(
      http.get('/api/proposals/mine', () => json(ClientAgreementListSchema, { items: [] })),
    );
    renderWithApp(<AgreementsCard />, '/portal/dashboard');
    await waitFor(() => expect(calls.map((call) => call.url)).toEqual(['/api/proposals/mine']));
    // The answer is drawn on the next render: give it the time a busy machine needs.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByRole('heading', { name: 'Agreements' })).not.toBeInTheDocument();
  });

  it('says so when the agreements cannot be loaded', async () => {
    apiServer.use(http.get('/api/proposals/mine', () => errorJson(500, 'Internal Server Error')));
    renderWithApp(<AgreementsCard />, '/portal/dashboard');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your agreements could not be loaded. Please reload the page.',
    );
  });
});
