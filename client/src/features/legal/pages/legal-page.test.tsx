import { screen } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { LegalPageSchema } from '@shared/schemas/legal-pages';
import { apiServer, errorJson, json } from '@tests/support/api-server';
import { renderWithApp } from '@tests/support/render-app';
import { LegalPage } from './legal-page';

describe('LegalPage', () => {
  it('shows the terms under their title, with when they were last saved, and links to the other page', async () => {
    apiServer.use(
      http.get('/api/legal-pages/terms', () =>
        json(LegalPageSchema, {
          page: 'terms',
          title: 'Terms of Service',
          markdown: 'Be kind. <script>alert(1)</script>',
          isDefault: false,
          updatedAt: '2026-11-20T15:00:00.000Z',
        }),
      ),
    );
    renderWithApp(<LegalPage />, '/terms');
    expect(screen.getByRole('heading', { name: 'Terms of Service', level: 1 })).toBeInTheDocument();
    expect(await screen.findByText('Be kind. <script>alert(1)</script>')).toBeInTheDocument();
    expect(document.querySelector('main script')).toBeNull();
    expect(screen.getByText('Last updated Nov 20, 2026')).toBeInTheDocument();
    const legal = screen.getByRole('navigation', { name: 'Legal' });
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
      'href',
      '/privacy',
    );
    expect(legal).toContainElement(screen.getByRole('link', { name: 'Terms of Service' }));
    expect(screen.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('says so when the page cannot be loaded, with a way to try again', async () => {
    apiServer.use(http.get('/api/legal-pages/privacy', () => errorJson(500, 'Down')));
    renderWithApp(<LegalPage />, '/privacy');
    expect(screen.getByRole('heading', { name: 'Privacy Policy', level: 1 })).toBeInTheDocument();
    expect(await screen.findByText('The page could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Retry/ })).toBeInTheDocument();
  });
});
