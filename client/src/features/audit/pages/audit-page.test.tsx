import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { AuditPageSchema } from '@shared/schemas/audit';
import { apiServer, json, recordRequests } from '@tests/support/api-server';
import { renderWithApp } from '@tests/support/render-app';
import { changeLines } from '../components/audit-event-list';
import { AuditPage } from './audit-page';

const INVOICE_ID = '7d1f0c2e-0000-4000-8000-000000000007';

function stubAudit(total: number) {
  const requests = recordRequests();
  apiServer.use(
    http.get('/api/admin/audit', ({ request }) => {
      const query = new URL(request.url).searchParams;
      const page = Number(query.get('page') ?? 1);
      const pageSize = Number(query.get('pageSize') ?? 25);
      return json(AuditPageSchema, {
        items: [
          {
            id: `e${page}`,
            createdAt: '2026-11-20T10:00:00.000Z',
            actorAdminId: 'a1',
            actorEmail: 'owner@example.com',
            kind: 'invoice.sent',
            targetType: 'invoice',
            targetId: INVOICE_ID,
            targetName: 'INV-2026-0007 · Ada Lovelace',
            before: { status: 'draft' },
            after: { status: 'sent' },
          },
        ],
        total,
        page,
        pageSize,
      });
    }),
  );
  return requests;
}

describe('AuditPage', () => {
  it('asks for what the URL says, shows the range, and pages through the URL', async () => {
    const requests = stubAudit(1234);
    const location = renderWithApp(
      <AuditPage />,
      '/admin/audit?actor=owner%40example.com&kind=invoice.sent&ignored=1',
    );
    expect(await screen.findByText('Showing 1-25 of 1,234')).toBeInTheDocument();
    expect(requests[0]!.url).toBe('/api/admin/audit?actor=owner%40example.com&kind=invoice.sent');
    expect(screen.getByText('status: draft → sent')).toBeInTheDocument();
    // The invoice by its number and client, linked to it; not by its id.
    expect(screen.getByRole('link', { name: 'INV-2026-0007 · Ada Lovelace' })).toHaveAttribute(
      'href',
      `/admin/invoices/${INVOICE_ID}`,
    );
    expect(screen.queryByText(INVOICE_ID)).toBeNull();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Next' }));
    expect(location.history?.at(-1)).toBe(
      '/admin/audit?actor=owner%40example.com&kind=invoice.sent&page=2',
    );
  });

  it('applies the filters from page 1, and refuses a range that ends before it starts', async () => {
    stubAudit(3);
    const location = renderWithApp(<AuditPage />, '/admin/audit?page=4&pageSize=50');
    expect(await screen.findByText('Nothing on this page (3 in all)')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('From'), '2026-11-20');
    await user.type(screen.getByLabelText('To'), '2026-11-01');
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    expect(await screen.findByText('From must be on or before To')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('To'));
    await user.type(screen.getByLabelText('To'), '2026-11-30');
    await user.selectOptions(screen.getByLabelText('Kind'), 'settings.updated');
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    expect(location.history?.at(-1)).toBe(
      '/admin/audit?kind=settings.updated&from=2026-11-20&to=2026-11-30&pageSize=50',
    );
  });
});

describe('changeLines', () => {
  it('shows both sides of an update and one side of a creation or deletion', () => {
    // Integer cents are shown as money.
    expect(changeLines({ before: { total: 100 }, after: { total: 20_050 } })).toEqual([
      'total: $1.00 → $200.50',
    ]);
    expect(changeLines({ before: null, after: { email: 'a@b.co', tags: ['x'] } })).toEqual([
      'email: a@b.co',
      'tags: ["x"]',
    ]);
    expect(changeLines({ before: { status: 'paid' }, after: null })).toEqual(['status: paid']);
  });
});
