import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  AdminLegalPageSchema,
  MAX_LEGAL_MARKDOWN,
  type AdminLegalPage,
  type LegalPageId,
} from '@shared/schemas/legal-pages';
import { apiServer, json, recordRequests } from '@tests/support/api-server';
import { renderWithApp } from '@tests/support/render-app';
import { LegalPagesCard } from './legal-pages-card';

const DEFAULTS: Record<LegalPageId, string> = {
  privacy: 'Bayou Web Works keeps little.\n\n## Cookies\n\nA session cookie.',
  terms: 'These terms apply to Bayou Web Works.',
};

/** GET and PUT /api/admin/legal-pages/{page}, kept like the server keeps them. */
function stubPages() {
  const pages = new Map<LegalPageId, AdminLegalPage>(
    (['privacy', 'terms'] as const).map((page) => [
      page,
      {
        page,
        title: page === 'privacy' ? 'Privacy Policy' : 'Terms of Service',
        markdown: DEFAULTS[page],
        defaultMarkdown: DEFAULTS[page],
        isDefault: true,
        updatedAt: null,
      },
    ]),
  );
  apiServer.use(
    http.get('/api/admin/legal-pages/:page', ({ params }) =>
      json(AdminLegalPageSchema, pages.get(params.page as LegalPageId)!),
    ),
    http.put('/api/admin/legal-pages/:page', async ({ params, request }) => {
      const page = params.page as LegalPageId;
      const { markdown } = (await request.json()) as { markdown: string | null };
      const saved = {
        ...pages.get(page)!,
        markdown: markdown ?? DEFAULTS[page],
        isDefault: markdown === null,
        updatedAt: '2026-11-26T15:00:00.000Z',
      };
      pages.set(page, saved);
      return json(AdminLegalPageSchema, saved);
    }),
  );
  return recordRequests();
}

describe('LegalPagesCard', () => {
  it('edits the terms with a preview that shows pasted markup as text, and saves them', async () => {
    const calls = stubPages();
    renderWithApp(<LegalPagesCard />, '/admin/settings');
    const user = userEvent.setup();
    expect(await screen.findByText(/The default text, not saved yet/)).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Terms of Service' }));
    const text = await screen.findByLabelText('Terms of Service (Markdown)');
    expect(text).toHaveValue(DEFAULTS.terms);
    await user.clear(text);
    await user.type(text, 'Be kind. <img src=x onerror=alert(1)>');
    const preview = screen.getByRole('region', { name: 'Preview' });
    expect(preview).toHaveTextContent('Be kind. <img src=x onerror=alert(1)>');
    expect(preview.querySelector('img')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Save Terms of Service' }));
    expect((await screen.findAllByText('Page Saved'))[0]).toBeVisible();
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([
      {
        method: 'PUT',
        url: '/api/admin/legal-pages/terms',
        body: { markdown: 'Be kind. <img src=x onerror=alert(1)>' },
      },
    ]);
    expect(screen.getByText(/Your text, saved Nov 26, 2026/)).toBeInTheDocument();
  });

  it('saves the default text left as it is as the default, which names the business as it is now', async () => {
    const calls = stubPages();
    renderWithApp(<LegalPagesCard />, '/admin/settings');
    const user = userEvent.setup();
    expect(await screen.findByLabelText('Privacy Policy (Markdown)')).toHaveValue(DEFAULTS.privacy);
    await user.click(screen.getByRole('button', { name: 'Save Privacy Policy' }));
    expect((await screen.findAllByText('Page Saved'))[0]).toBeVisible();
    // Not a copy of the text as loaded: the business may have been renamed since.
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([
      { markdown: null },
    ]);
    expect(screen.getByText(/The default text, reviewed Nov 26, 2026/)).toBeInTheDocument();
  });

  it('resets a page to the default text once the owner confirms', async () => {
    const calls = stubPages();
    renderWithApp(<LegalPagesCard />, '/admin/settings');
    const user = userEvent.setup();
    const text = await screen.findByLabelText('Privacy Policy (Markdown)');
    await user.type(text, ' Edited.');
    await user.click(screen.getByRole('button', { name: 'Reset to default' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset the Privacy Policy?' });
    await user.click(within(dialog).getByRole('button', { name: 'Reset to default' }));
    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([
        { markdown: null },
      ]),
    );
    await waitFor(() =>
      expect(screen.getByLabelText('Privacy Policy (Markdown)')).toHaveValue(DEFAULTS.privacy),
    );
    expect(screen.getByText(/The default text, reviewed Nov 26, 2026/)).toBeInTheDocument();
  });

  it("shows the schema's message for an empty or too long page, and saves nothing", async () => {
    const calls = stubPages();
    renderWithApp(<LegalPagesCard />, '/admin/settings');
    const user = userEvent.setup();
    const text = await screen.findByLabelText('Privacy Policy (Markdown)');
    await user.clear(text);
    await user.click(screen.getByRole('button', { name: 'Save Privacy Policy' }));
    expect(
      await screen.findByText('Write the page, or reset it to the default text'),
    ).toBeVisible();
    expect(text).toHaveAttribute('aria-invalid', 'true');

    await user.click(text);
    await user.paste('x'.repeat(MAX_LEGAL_MARKDOWN + 1));
    await user.click(screen.getByRole('button', { name: 'Save Privacy Policy' }));
    expect(await screen.findByText('The page must be at most 20,000 characters')).toBeVisible();
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);
  });
});
