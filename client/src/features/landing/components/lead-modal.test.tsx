import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { apiServer, errorJson, recordRequests } from '@tests/support/api-server';
import { renderWithApp } from '@tests/support/render-app';
import { LeadModal } from './lead-modal';

function renderModal() {
  renderWithApp(
    <LeadModal
      open
      onOpenChange={() => {}}
      opener={createRef<HTMLElement>()}
      businessEmail="hello@coastandcode.studio"
    />,
    '/',
  );
  return screen.getByRole('dialog', { name: 'Schedule Your Free Consultation' });
}

describe('LeadModal', () => {
  it('asks for a name and a valid e-mail before sending anything', async () => {
    const user = userEvent.setup();
    const requests = recordRequests();
    const dialog = within(renderModal());

    await user.click(dialog.getByRole('button', { name: 'Schedule Call' }));
    expect(dialog.getByText('Name is required')).toBeInTheDocument();
    expect(dialog.getByText('Email is required')).toBeInTheDocument();
    await user.type(dialog.getByLabelText('Email *'), 'not-an-email');
    await user.click(dialog.getByRole('button', { name: 'Schedule Call' }));
    expect(await dialog.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(dialog.getByLabelText('Name *')).toHaveAttribute('aria-invalid', 'true');
    expect(requests).toEqual([]);
  });

  it('keeps everything typed when the request fails, and says how else to reach us', async () => {
    const user = userEvent.setup();
    apiServer.use(http.post('/api/consultations', () => errorJson(500, 'Internal Server Error')));
    const dialog = within(renderModal());

    await user.type(dialog.getByLabelText('Name *'), 'Marie Thibodeaux');
    await user.type(dialog.getByLabelText('Email *'), 'marie@example.com');
    await user.type(dialog.getByLabelText('Project Details'), 'Please keep this text.');
    await user.click(dialog.getByRole('button', { name: 'Schedule Call' }));
    expect(await screen.findByText('Your request could not be sent')).toBeInTheDocument();
    expect(
      screen.getByText('Please try again in a moment, or email us at hello@coastandcode.studio.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(dialog.getByLabelText('Name *')).toHaveValue('Marie Thibodeaux');
    expect(dialog.getByLabelText('Project Details')).toHaveValue('Please keep this text.');
  });
});
