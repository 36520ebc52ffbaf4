import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { http } from 'msw';
import {
  AdminSiteContentSchema,
  type AdminSiteContent,
  type SiteContent,
} from '@shared/schemas/site-content';
import { DEFAULT_SITE_CONTENT, samplesShowing } from '@shared/site-content-defaults';
import { apiServer, errorJson, json, recordRequests } from '@tests/support/api-server';
import { renderWithApp } from '@tests/support/render-app';
import { WebsitePage } from './website-page';

function view(draft: SiteContent, overrides: Partial<AdminSiteContent> = {}): AdminSiteContent {
  return {
    draft,
    published: DEFAULT_SITE_CONTENT,
    unpublishedChanges: JSON.stringify(draft) !== JSON.stringify(DEFAULT_SITE_CONTENT),
    canRestore: false,
    publishedAt: null,
    draftSavedAt: null,
    samplesShowing: samplesShowing(DEFAULT_SITE_CONTENT),
    ...overrides,
  };
}

/** The admin API as the server answers it: PUT saves the draft, publish makes it live. */
function stubApi(initial: AdminSiteContent = view(DEFAULT_SITE_CONTENT)) {
  let current = initial;
  apiServer.use(
    http.get('/api/admin/site-content', () => json(AdminSiteContentSchema, current)),
    http.put('/api/admin/site-content', async ({ request }) => {
      const draft = (await request.json()) as SiteContent;
      current = view(draft, { canRestore: current.canRestore });
      return json(AdminSiteContentSchema, current);
    }),
    http.post('/api/admin/site-content/publish', () => {
      current = {
        ...current,
        published: current.draft,
        unpublishedChanges: false,
        canRestore: true,
        publishedAt: '2026-11-29T15:00:00.000Z',
        samplesShowing: samplesShowing(current.draft),
      };
      return json(AdminSiteContentSchema, current);
    }),
    http.post('/api/admin/site-content/restore', () =>
      errorJson(409, 'There is no previous version to restore.'),
    ),
  );
}

/**
 * A section of the editor, found by its heading: the form is long, and role queries over all
 * of it take seconds each on a busy machine.
 */
const region = (name: string) =>
  screen.getByText(name, { selector: 'h2' }).closest<HTMLElement>('[role=region]')!;
const button = (name: string) => screen.getByText(name, { selector: 'button' });
const sentDraft = (calls: ReturnType<typeof recordRequests>) =>
  calls.find((call) => call.method === 'PUT')?.body as SiteContent | undefined;

// The editor is one long form: role queries over it take seconds on a busy machine.
describe('WebsitePage', { timeout: 30_000 }, () => {
  it('saves the edited words as the draft, and refuses an empty title with its message', async () => {
    stubApi();
    const calls = recordRequests();
    const user = userEvent.setup();
    renderWithApp(<WebsitePage />, '/admin/website');

    await screen.findByText('Top of the page');
    const title = within(region('Top of the page')).getByLabelText('Title');
    expect(title).toHaveValue('Where the Coast Meets the Code');
    expect(
      screen.getByText(/still shows 6 sample portfolio items and 3 sample testimonials/),
    ).toBeVisible();

    await user.clear(title);
    await user.click(button('Save draft'));
    expect(await within(region('Top of the page')).findByText('Title is required')).toBeVisible();
    expect(title).toHaveFocus();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);

    // Pasted rather than typed key by key: the form is long, and the machine busy.
    await user.paste('Websites for Mobile Bay');
    const areas = within(region('Where you work')).getByLabelText('Areas you serve');
    await user.clear(areas);
    await user.paste('Alabama, Florida');
    await user.click(button('Save draft'));
    await waitFor(() => expect(sentDraft(calls)).toBeDefined());
    expect(sentDraft(calls)).toMatchObject({
      hero: { title: 'Websites for Mobile Bay' },
      area: { served: ['Alabama', 'Florida'] },
    });
    expect(
      await screen.findByText(/The saved draft has changes visitors do not see yet\./),
    ).toBeVisible();
  });

  it('reorders and removes list items; an edited sample becomes the owner’s', async () => {
    stubApi();
    const calls = recordRequests();
    const user = userEvent.setup();
    renderWithApp(<WebsitePage />, '/admin/website');

    await screen.findByText('Top of the page');
    const portfolio = region('Portfolio');
    expect(within(portfolio).getAllByText('Sample')).toHaveLength(6);
    await user.click(
      within(portfolio).getByRole('button', { name: 'Move Gulf Coast Charters up' }),
    );
    await user.click(
      within(portfolio).getByRole('button', { name: 'Remove Crescent City Sounds' }),
    );
    const [firstTitle] = within(portfolio).getAllByLabelText('Title');
    await user.clear(firstTitle!);
    await user.paste('Dauphin Street Books');

    const testimonials = region('Testimonials');
    for (const name of ['Danielle Robichaux', 'Marcus Hill', 'Priya Natarajan']) {
      await user.click(
        within(testimonials).getByRole('button', { name: `Remove testimonial of ${name}` }),
      );
    }
    expect(within(testimonials).getByText('No testimonials: the section is hidden.')).toBeVisible();

    await user.click(button('Save draft'));
    await waitFor(() => expect(sentDraft(calls)).toBeDefined());
    const sent = sentDraft(calls)!;
    expect(sent.portfolio.items.map((item) => [item.title, item.sample])).toEqual([
      ['Dauphin Street Books', false],
      ['Bayou Bites Café', true],
      ['Magnolia Family Clinic', true],
      ['Delta Build & Restore', true],
      ['Tupelo Style Studio', true],
    ]);
    expect(sent.testimonials.items).toEqual([]);
  });

  it('publishes the saved draft after asking, and restores only when there is a version', async () => {
    stubApi(view({ ...DEFAULT_SITE_CONTENT, testimonials: { title: 'Kind words', items: [] } }));
    const calls = recordRequests();
    const user = userEvent.setup();
    renderWithApp(<WebsitePage />, '/admin/website');

    expect(await screen.findByRole('button', { name: 'Restore previous' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    const dialog = await screen.findByRole('dialog', { name: 'Publish the draft?' });
    expect(dialog).toHaveTextContent('Visitors see it at once.');
    await user.click(within(dialog).getByRole('button', { name: 'Publish' }));

    await waitFor(() =>
      expect(calls.map((call) => `${call.method} ${call.url}`)).toContain(
        'POST /api/admin/site-content/publish',
      ),
    );
    expect(await screen.findByText(/The draft is what visitors see\./)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Publish' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Restore previous' })).toBeEnabled();
    // Nothing sample left among testimonials; the portfolio's samples are still published.
    expect(
      screen.getByText(/still shows 6 sample portfolio items that are not yours/),
    ).toBeVisible();
  });
});
