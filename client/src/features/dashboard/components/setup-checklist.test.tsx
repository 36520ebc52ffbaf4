import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { SETUP_STEPS, SetupChecklistSchema, type SetupStep } from '@shared/schemas/dashboard';
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

/** The checklist the server answers: the steps in `done` are done, the others not. */
function answer(done: SetupStep[]) {
  apiServer.use(
    http.get('/api/admin/setup-checklist', () =>
      json(SetupChecklistSchema, {
        steps: SETUP_STEPS.map((step) => ({ step, done: done.includes(step) })),
      }),
    ),
  );
}

afterEach(() => localStorage.clear());

describe('SetupChecklist', () => {
  it('counts the steps done and links each open step to where it is done', async () => {
    answer(['businessDetails', 'firstClient']);
    renderChecklist();
    const region = await screen.findByRole('region', { name: 'Set up your studio' });
    expect(
      within(region).getByText(`2 of ${SETUP_STEPS.length} done`, { exact: false }),
    ).toBeInTheDocument();
    const items = within(region)
      .getAllByRole('listitem')
      .map((item) => item.querySelector('p')?.textContent);
    expect(items).toContain('Business details: done');
    expect(items).toContain('How clients pay: not done');
    expect(within(region).getByRole('link', { name: 'Add payment instructions' })).toHaveAttribute(
      'href',
      '/admin/settings',
    );
    expect(within(region).getByRole('link', { name: 'Open the Outbox' })).toHaveAttribute(
      'href',
      '/admin/outbox',
    );
    // A step done has no link left.
    expect(within(region).queryByRole('link', { name: 'Invite a client' })).toBeNull();
  });

  it('stays hidden once the owner hides it, also on the next visit', async () => {
    answer([]);
    renderChecklist();
    await userEvent.click(await screen.findByRole('button', { name: 'Hide checklist' }));
    expect(screen.queryByRole('region', { name: 'Set up your studio' })).toBeNull();
    cleanup();

    renderChecklist();
    await screen.findByText('answer in');
    expect(screen.queryByRole('region', { name: 'Set up your studio' })).toBeNull();
  });

  it('is gone once every step is done', async () => {
    answer([...SETUP_STEPS]);
    renderChecklist();
    await screen.findByText('answer in');
    expect(screen.queryByRole('region', { name: 'Set up your studio' })).toBeNull();
  });
});
