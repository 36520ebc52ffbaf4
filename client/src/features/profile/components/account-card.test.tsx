import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  CurrentUserSchema,
  EmailChangeStatusSchema,
  type CurrentUser,
} from '@shared/schemas/profile';
import { apiServer, errorJson, json } from '@tests/support/api-server';
import { renderWithApp } from '@tests/support/render-app';
import { AccountCard } from './account-card';

const user: CurrentUser = {
  id: 'u1',
  email: 'camille@example.com',
  firstName: 'Camille',
  lastName: 'Broussard',
  businessName: null,
  phoneNumber: null,
};

/** PATCH /api/auth/user answered in turn by `answers`; the user refetch by `user`. */
function stubProfileApi(answers: Array<() => Response>) {
  const saved: unknown[] = [];
  apiServer.use(
    http.patch('/api/auth/user', async ({ request }) => {
      saved.push(await request.json());
      return answers.shift()!();
    }),
    http.get('/api/auth/user', () => json(CurrentUserSchema, user)),
    http.get('/api/auth/user/email', () =>
      json(EmailChangeStatusSchema, { canChange: true, pending: null }),
    ),
  );
  return saved;
}

describe('AccountCard', () => {
  it("says 'Update Failed' and stays in edit mode when the save fails, then saves", async () => {
    const saved = stubProfileApi([
      () => errorJson(400, 'Business name must be text'),
      () => json(CurrentUserSchema, { ...user, businessName: 'Bayou Bakery' }),
    ]);
    renderWithApp(<AccountCard user={user} />, '/portal/dashboard');
    const u = userEvent.setup();
    await u.click(screen.getByRole('button', { name: 'Edit' }));
    await u.type(screen.getByLabelText('Business Name'), 'Bayou Bakery');

    await u.click(screen.getByRole('button', { name: 'Save' }));
    // The spec's text, not the server's.
    expect(
      (
        await screen.findAllByText(
          'Failed to update your profile. Please try again.',
          {},
          { timeout: 5000 },
        )
      )[0],
    ).toBeVisible();
    expect(screen.getAllByText('Update Failed')[0]).toBeVisible();
    expect(screen.queryByText('Business name must be text')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Business Name')).toHaveValue('Bayou Bakery');

    await u.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findAllByText('Profile Updated'))[0]).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(saved).toHaveLength(2);
    expect(saved[1]).toMatchObject({ businessName: 'Bayou Bakery' });
  });
});
