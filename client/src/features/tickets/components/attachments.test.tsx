import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  TicketDetailSchema,
  TicketMessageResultSchema,
  TicketPageSchema,
  type TicketDetail,
} from '@shared/schemas/tickets';
import { apiServer, attachmentLimitsHandler, json } from '@tests/support/api-server';
import { pageOf } from '@tests/support/page-of';
import { renderWithApp } from '@tests/support/render-app';
import { TicketDetailPage } from '../pages/ticket-detail-page';

const ID = '0a1b2c3d-0000-4000-8000-00000000f11e';
const SLOW = { timeout: 5000 };

function detail(extra: Partial<TicketDetail> = {}): TicketDetail {
  return {
    ticket: {
      id: ID,
      number: 42,
      source: 'portal',
      kind: 'question',
      subject: 'New logo',
      description: 'Please put the attached logo on the home page.',
      priority: 'normal',
      status: 'open',
      createdAt: '2026-11-20T12:00:00.000Z',
      updatedAt: '2026-11-20T12:00:00.000Z',
    },
    attachments: [
      {
        id: 'a1',
        filename: 'logo.png',
        size: 2048,
        contentType: 'image/png',
        url: '/api/attachments/a1',
        status: 'ready',
      },
    ],
    messages: [
      {
        id: 'm1',
        message: 'Here is the menu.',
        isAdminReply: false,
        source: 'portal',
        createdAt: '2026-11-20T13:00:00.000Z',
        attachments: [
          {
            id: 'a2',
            filename: 'menu.pdf',
            size: 3 * 1024 * 1024,
            contentType: 'application/pdf',
            url: '/api/attachments/a2',
            status: 'ready',
          },
          {
            id: 'a3',
            filename: 'prices.xlsx',
            size: 5000,
            contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
            url: '/api/attachments/a3',
            status: 'scanning',
          },
        ],
      },
    ],
    ...extra,
  };
}

describe('attachments in the portal', () => {
  it('lists each file as a download link, images with a thumbnail, held files without a link', async () => {
    apiServer.use(
      http.get(`/api/tickets/${ID}`, () => json(TicketDetailSchema, detail())),
      attachmentLimitsHandler(),
    );
    renderWithApp(<TicketDetailPage params={{ id: ID }} />, `/portal/support/${ID}`);
    const logo = await screen.findByRole('link', { name: /logo\.png/ }, SLOW);
    expect(logo).toHaveAttribute('href', '/api/attachments/a1');
    expect(within(logo).getByRole('presentation')).toHaveAttribute('src', '/api/attachments/a1');
    expect(within(logo).getByText('2 KB')).toBeVisible();
    const conversation = screen.getByRole('list', { name: 'Conversation' });
    const menu = within(conversation).getByRole('link', { name: /menu\.pdf/ });
    expect(menu).toHaveAttribute('href', '/api/attachments/a2');
    expect(within(menu).getByText('3 MB')).toBeVisible();
    expect(within(menu).queryByRole('presentation')).toBeNull();
    expect(within(conversation).queryByRole('link', { name: /prices\.xlsx/ })).toBeNull();
    expect(within(conversation).getByText('waiting for virus scan')).toBeVisible();
  });

  it('sends the chosen files, refuses one over the limit before sending, and shows what the server refused', async () => {
    const sent: FormData[] = [];
    apiServer.use(
      http.get(`/api/tickets/${ID}`, () => json(TicketDetailSchema, detail())),
      http.post(`/api/tickets/${ID}/messages`, async ({ request }) => {
        sent.push(await request.formData());
        return json(
          TicketMessageResultSchema,
          {
            ...detail(),
            refused: [{ filename: 'page.html', reason: 'HTML files are not accepted' }],
            renamed: [],
          },
          { status: 201 },
        );
      }),
      http.get('/api/tickets', () => json(TicketPageSchema, pageOf([]))),
      attachmentLimitsHandler({ maxFileBytes: 1024, maxMessageBytes: 4096 }),
    );
    // The system's picker lets a user choose "All files" past the accept list.
    const user = userEvent.setup({ applyAccept: false });
    renderWithApp(<TicketDetailPage params={{ id: ID }} />, `/portal/support/${ID}`);
    expect(await screen.findByText(/Up to 1 KB per file, 4 KB in all/, {}, SLOW)).toBeVisible();

    const input = screen.getByTestId('file-input');
    await user.upload(input, [
      new File(['x'.repeat(500)], 'notes.txt', { type: 'text/plain' }),
      new File(['x'.repeat(2000)], 'huge.png', { type: 'image/png' }),
      new File(['<html></html>'], 'page.html', { type: 'text/html' }),
    ]);
    const chosen = screen.getByRole('list', { name: 'Files to send' });
    expect(within(chosen).getByText('notes.txt')).toBeVisible();
    expect(within(chosen).getByText('500 B')).toBeVisible();
    expect(within(chosen).getByText('page.html')).toBeVisible();
    expect(within(chosen).queryByText('huge.png')).toBeNull();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'huge.png: larger than the 1 KB limit per file',
    );

    await user.click(screen.getByRole('button', { name: 'Remove notes.txt' }));
    expect(within(chosen).queryByText('notes.txt')).toBeNull();
    // The button is what the keyboard reaches.
    expect(screen.getByRole('button', { name: 'Attach files' })).toBeEnabled();

    await user.type(screen.getByLabelText('Your reply'), 'The page copy.');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(
      await screen.findByText('page.html: HTML files are not accepted', {}, SLOW),
    ).toBeVisible();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.get('message')).toBe('The page copy.');
    // Only the file still chosen. (Its name and bytes do not survive jsdom's File meeting
    // Node's fetch; the browser test, tests/e2e/attachments.spec.ts, sees them.)
    expect(sent[0]!.getAll('files')).toHaveLength(1);
    expect(screen.queryByRole('list', { name: 'Files to send' })).toBeNull();
  });

  it('says which files the server kept under another name, and why, under the picker', async () => {
    apiServer.use(
      http.get(`/api/tickets/${ID}`, () => json(TicketDetailSchema, detail())),
      http.post(`/api/tickets/${ID}/messages`, () =>
        json(
          TicketMessageResultSchema,
          {
            ...detail(),
            refused: [],
            renamed: [
              {
                filename: 'statement.bat',
                keptAs: 'statement.pdf',
                reason: 'its contents are a PDF document, not a .bat file',
              },
            ],
          },
          { status: 201 },
        ),
      ),
      http.get('/api/tickets', () => json(TicketPageSchema, pageOf([]))),
      attachmentLimitsHandler(),
    );
    const user = userEvent.setup({ applyAccept: false });
    renderWithApp(<TicketDetailPage params={{ id: ID }} />, `/portal/support/${ID}`);
    await user.upload(await screen.findByTestId('file-input', {}, SLOW), [
      new File(['%PDF-1.4'], 'statement.bat', { type: 'application/octet-stream' }),
    ]);
    await user.type(screen.getByLabelText('Your reply'), 'My statement.');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    const note = await screen.findByRole('status', {}, SLOW);
    expect(note).toHaveTextContent('Kept under another name:');
    expect(note).toHaveTextContent(
      'statement.bat is now statement.pdf: its contents are a PDF document, not a .bat file',
    );
    expect(screen.getByRole('button', { name: 'Attach files' })).toHaveAttribute(
      'aria-describedby',
      expect.stringContaining(note.id),
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
