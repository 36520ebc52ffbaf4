import { screen, waitFor } from '@testing-library/react';
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
    const status = screen.getByRole('status');
    await waitFor(() => expect(status).toHaveTextContent('Test e-mail sent to owner@example.com.'));
    expect(status).toHaveTextContent('Sent through SMTP 127.0.0.1.');
    expect(screen.queryByRole('link', { name: 'Open the outbox' })).not.toBeInTheDocument();
  });

  it('says a refused test e-mail inline, with the error and the way to the outbox', async () => {
    await sendWith({
      outcome: 'failed',
      message: 'The test e-mail to owner@example.com could not be sent through SMTP 127.0.0.1.',
      details: 'connect ECONNREFUSED 127.0.0.1:2525',
    });
    const alert = screen.getByRole('alert');
    await waitFor(() =>
      expect(alert).toHaveTextContent('could not be sent through SMTP 127.0.0.1.'),
    );
    expect(alert).toHaveTextContent('ECONNREFUSED');
    expect(screen.getByRole('link', { name: 'Open the outbox' })).toHaveAttribute(
      'href',
      '/admin/outbox',
    );
  });

  it('says a failed call inline too, and only there (no toast repeats it)', async () => {
    await sendWith('error');
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Mail is down'));
    expect(screen.getAllByText('Mail is down')).toHaveLength(1);
  });

  it('keeps the keyboard on the button while sending and after', async () => {
    let answer: () => void = () => {};
    let calls = 0;
    apiServer.use(
      http.post('/api/admin/test-email', async () => {
        calls += 1;
        await new Promise<void>((resolve) => (answer = resolve));
        return json(TestEmailResultSchema, { outcome: 'sent', message: 'Test e-mail sent.' });
      }),
    );
    renderWithApp(<TestEmailCard />, '/admin/settings');
    const user = userEvent.setup();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Send Test Email' })).toHaveFocus();
    await user.keyboard('{Enter}');
    const sending = await screen.findByRole('button', { name: 'Sending...' });
    expect(sending).toHaveFocus();
    expect(sending).toHaveAttribute('aria-disabled', 'true');
    // A second press while sending sends nothing more.
    await user.keyboard('{Enter}');
    answer();
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Test e-mail sent.'));
    expect(screen.getByRole('button', { name: 'Send Test Email' })).toHaveFocus();
    expect(calls).toBe(1);
  });

  it('has its live regions in place before anything is sent, so a screen reader hears them', () => {
    renderWithApp(<TestEmailCard />, '/admin/settings');
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
  });
});
