import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { LogoSchema, type Logo } from '@shared/schemas/settings';
import { apiServer, errorJson, json } from '@tests/support/api-server';
import { renderWithApp } from '@tests/support/render-app';
import { LogoUpload } from './logo-upload';

const STORED: Logo = {
  logo: {
    width: 600,
    height: 200,
    updatedAt: '2026-11-29T15:00:00.000Z',
    url: '/api/admin/settings/logo/image?v=1a2b3c4d',
  },
};

describe('LogoUpload', () => {
  it('uploads a logo, previews it, and removes it', async () => {
    let current: Logo = { logo: null };
    let sent: File | null = null;
    apiServer.use(
      http.get('/api/admin/settings/logo', () => json(LogoSchema, current)),
      http.put('/api/admin/settings/logo', async ({ request }) => {
        sent = (await request.formData()).get('logo') as File;
        current = STORED;
        return json(LogoSchema, current);
      }),
      http.delete('/api/admin/settings/logo', () => {
        current = { logo: null };
        return json(LogoSchema, current);
      }),
    );
    renderWithApp(<LogoUpload />, '/admin/settings');
    expect(await screen.findByText('No logo yet: the PDFs show your business name.')).toBeVisible();
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'brand.png', { type: 'image/png' });
    await userEvent.upload(screen.getByLabelText('Logo file'), file);

    const preview = await screen.findByRole('img', { name: 'Your logo, as the PDFs show it' });
    expect(preview).toHaveAttribute('src', STORED.logo!.url);
    expect(preview).toHaveAttribute('width', '600');
    expect((await screen.findAllByText('Logo saved'))[0]).toBeVisible();
    expect(sent).not.toBeNull();
    expect(screen.getByRole('button', { name: 'Replace logo' })).toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: 'Remove logo' }));
    expect(await screen.findByText('No logo yet: the PDFs show your business name.')).toBeVisible();
    expect(screen.queryByRole('img')).toBeNull();
  });

  it("shows the server's reason when a file is not an image", async () => {
    apiServer.use(
      http.get('/api/admin/settings/logo', () => json(LogoSchema, { logo: null })),
      http.put('/api/admin/settings/logo', () =>
        errorJson(
          400,
          'That file is not an image we can use as a logo: use PNG, JPEG, WebP or AVIF.',
        ),
      ),
    );
    renderWithApp(<LogoUpload />, '/admin/settings');
    await screen.findByRole('button', { name: 'Upload logo' });
    await userEvent.upload(
      screen.getByLabelText('Logo file'),
      new File(['%PDF-1.7'], 'logo.png', { type: 'image/png' }),
    );
    await waitFor(() =>
      expect(
        screen.getAllByText(
          'That file is not an image we can use as a logo: use PNG, JPEG, WebP or AVIF.',
        )[0],
      ).toBeVisible(),
    );
    expect(screen.queryByRole('img')).toBeNull();
  });
});
