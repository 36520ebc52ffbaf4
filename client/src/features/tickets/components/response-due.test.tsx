import { render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { setBusinessTimeZone } from '@/lib/dates';
import { ResponseDue } from './response-due';

const NOW = new Date('2026-11-30T18:00:00.000Z');

beforeAll(() => setBusinessTimeZone('America/Chicago'));

describe('ResponseDue', () => {
  it('says when the answer is due, in words and as a date', () => {
    render(
      <ResponseDue
        ticket={{ status: 'open', responseDueAt: '2026-11-30T21:00:00.000Z' }}
        now={NOW}
      />,
    );
    expect(screen.getByText('Answer due in about 3 hours')).toBeVisible();
    expect(screen.getByText('Nov 30, 2026 at 3:00 PM')).toHaveAttribute(
      'dateTime',
      '2026-11-30T21:00:00.000Z',
    );
  });

  it('says overdue in words, not in colour alone', () => {
    const { container } = render(
      <ResponseDue
        ticket={{ status: 'in_progress', responseDueAt: '2026-11-30T16:00:00.000Z' }}
        now={NOW}
      />,
    );
    expect(screen.getByText('Overdue: was due about 2 hours ago')).toBeVisible();
    expect(container.firstElementChild).toHaveClass('text-destructive');
  });

  it('says why no answer is due', () => {
    render(<ResponseDue ticket={{ status: 'waiting_on_client', responseDueAt: null }} now={NOW} />);
    expect(screen.getByText('Clock paused: waiting on client')).toBeVisible();
  });
});
