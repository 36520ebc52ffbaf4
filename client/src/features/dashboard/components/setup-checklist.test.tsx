import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import {
  SETUP_STEPS,
  SetupChecklistSchema,
  type SetupChecklist as Checklist,
} from '@shared/schemas/dashboard';
import { apiServer, json } from '@tests/support/api-server';
import { renderWithApp } from '@tests/support/render-app';
import { useSetupChecklist } from '../api/get-setup-checklist';
import { SetupChecklist } from './setup-checklist';

/** Shows once the checklist's answer is in, rendered with it in the same pass. */
function Loaded() {
  return useSetupChecklist().data ? <p>answer in</p> : null;
}

/** The checklist beside a probe that says when the server's answer has been drawn. */
function renderChecklist() {
  return renderWithApp(
    <>
      <SetupChecklist />
      <Loaded />
    </>,
    '/admin/dashboard',
  );
}

function stubChecklist(done: Partial<Record<Checklist['steps'][number]['step'], boolean>>) {
  const checklist: Checklist = {
    steps: SETUP_STEPS.map((step) => ({
      step,
      done: done[step] ?? false,
    })),
  };
  apiServer.use(
    http.get('/api/admin/setup-checklist', () => json(SetupChecklistSchema, checklist)),
  );
}

afterEach(() => localStorage.clear());

describe('SetupChecklist', () => {
  it('lists each step as done or not, linking to where an open one is done', async () => {
    stubChecklist({ businessDetails: true });
    renderChecklist();
    const region = await screen.findByRole('region', { name: 'Set up your studio' });
    expect(within(region).getByText('1 of 6 done.', { exact: false })).toBeVisible();
    const items = within(region).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('p')?.textContent)).toEqual([
      'Business details: done',
      'How clients pay: not done',
      'Outgoing mail: not done',
      'Privacy policy and terms: not done',
      'Your own website words: not done',
      'First client: not done',
    ]);
    // A done step offers nothing more to do.
    expect(within(items[0]!).queryByRole('link')).toBeNull();
    expect(
      within(items[1]!).getByRole('link', { name: 'Add payment instructions' }),
    ).toHaveAttribute('href', '/admin/settings');
    expect(within(items[2]!).getByRole('link', { name: 'Open the Outbox' })).toHaveAttribute(
      'href',
      '/admin/outbox',
    );
    expect(within(items[3]!).getByRole('link', { name: 'Review the legal pages' })).toHaveAttribute(
      'href',
      '/admin/settings',
    );
    expect(within(items[4]!).getByRole('link', { name: 'Open Website' })).toHaveAttribute(
      'href',
      '/admin/website',
    );
    expect(within(items[5]!).getByRole('link', { name: 'Invite a client' })).toHaveAttribute(
      'href',
      '/admin/clients/invite',
    );
  });

  it('is gone once every step is done', async () => {
    stubChecklist({
      businessDetails: true,
      payments: true,
      mail: true,
      legalPages: true,
      website: true,
      firstClient: true,
    });
    renderChecklist();
    await screen.findByText('answer in');
    expect(screen.queryByRole('region', { name: 'Set up your studio' })).toBeNull();
    expect(screen.queryByText('Business details')).toBeNull();
  });

  it('stays hidden once the owner hides it, also on the next visit', async () => {
    stubChecklist({});
    renderChecklist();
    await userEvent.click(await screen.findByRole('button', { name: 'Hide checklist' }));
    expect(screen.queryByRole('region', { name: 'Set up your studio' })).toBeNull();
    cleanup();
    renderChecklist();
    await screen.findByText('answer in');
    expect(screen.queryByRole('region', { name: 'Set up your studio' })).toBeNull();
  });
});
