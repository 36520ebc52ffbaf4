import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { TestEmailResultSchema, type TestEmailResult } from '@shared/schemas/mail';
import { apiServer, errorJson, json } from '@tests/support/api-server';
import { renderWithApp } from '@tests/support/render-app';
import { TestEmailCard } from './test-email-card';

async function sendWith(answer: TestEmailResult | 'error') {
  apiServer.use(
    http.post('/api/admin/test-email', () =>
      answer === 'error' ? errorJson(500, 'Mail is down') : json(TestEmailResultSchema, answer),
    ),
  );
  renderWithApp(<TestEmailCard />, '/admin/settings');
  await userEvent.setup().click(screen.getByRole('button', { name: 'Send Test Email' }));
}

describe('TestEmailCard', () => {
  it('shows a sent test e-mail beside the button', async () => {
    await sendWith({
      outcome: 'sent',
      message: 'Test e-mail sent to owner@example.com.',
      details: 'Sent through SMTP 127.0.0.1.',
    });
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent('Test e-mail sent to owner@example.com.');
    expect(status).toHaveTextContent('Sent through SMTP 127.0.0.1.');
    expect(screen.queryByRole('link', { name: 'Open the outbox' })).not.toBeInTheDocument();
  });

  it('says a refused test e-mail inline, with the error and the way to the outbox', async () => {
    await sendWith({
      outcome: 'failed',
      message: 'The test e-mail to owner@example.com could not be sent through SMTP 127.0.0.1.',
      details: 'connect ECONNREFUSED 127.0.0.1:2525',
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('could not be sent through SMTP 127.0.0.1.');
    expect(alert).toHaveTextContent('ECONNREFUSED');
    expect(screen.getByRole('link', { name: 'Open the outbox' })).toHaveAttribute(
      'href',
      '/admin/outbox',
    );
  });

  it('says a failed call inline too', async () => {
    await sendWith('error');
    expect(await screen.findByRole('alert')).toHaveTextContent('Mail is down');
  });
});
