import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { SITE_SNAPSHOT_ELEMENT_ID } from '@shared/site-content';
import { DEFAULT_SITE_SNAPSHOT } from '@shared/site-content-defaults';
import { apiServer, errorJson, recordRequests } from '@tests/support/api-server';
import { renderWithApp } from '@tests/support/render-app';
import { openLeadModal, openLeadModalForPlan } from '../content';
import { LeadModal } from './lead-modal';
import { LeadModalHost } from './lead-modal-host';

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
  // The landing page as the server hands it out carries its content and plans
  // (server/lib/spa.ts); the modal names the plan from them (issue 37).
  beforeAll(() => {
    const snapshot = document.createElement('script');
    snapshot.id = SITE_SNAPSHOT_ELEMENT_ID;
    snapshot.type = 'application/json';
    snapshot.textContent = JSON.stringify(DEFAULT_SITE_SNAPSHOT);
    document.head.append(snapshot);
  });

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

  it('sends the plan whose pricing button opened it, and none from another button', async () => {
    const user = userEvent.setup();
    const requests = recordRequests();
    apiServer.use(
      http.post('/api/consultations', () =>
        HttpResponse.json({ message: 'Thank you' }, { status: 201 }),
      ),
    );
    renderWithApp(<LeadModalHost businessEmail="hello@coastandcode.studio" />, '/');

    act(() => openLeadModalForPlan('signature'));
    let dialog = within(
      await screen.findByRole('dialog', { name: 'Schedule Your Free Consultation' }),
    );
    expect(dialog.getByText('About the Signature plan')).toBeInTheDocument();
    await user.type(dialog.getByLabelText('Name *'), 'Odile Broussard');
    await user.type(dialog.getByLabelText('Email *'), 'odile@example.com');
    await user.click(dialog.getByRole('button', { name: 'Schedule Call' }));
    await waitFor(() => expect(requests).toHaveLength(1));
    await waitFor(() =>
      expect(requests[0]!.body).toMatchObject({ email: 'odile@example.com', planId: 'signature' }),
    );

    act(() => openLeadModal());
    dialog = within(await screen.findByRole('dialog', { name: 'Schedule Your Free Consultation' }));
    expect(dialog.queryByText(/^About the/)).not.toBeInTheDocument();
    await user.type(dialog.getByLabelText('Name *'), 'Remy Guidry');
    await user.type(dialog.getByLabelText('Email *'), 'remy@example.com');
    await user.click(dialog.getByRole('button', { name: 'Schedule Call' }));
    await waitFor(() => expect(requests).toHaveLength(2));
    await waitFor(() => expect(requests[1]!.body).toMatchObject({ email: 'remy@example.com' }));
    expect(requests[1]!.body).not.toHaveProperty('planId');
  });
});
