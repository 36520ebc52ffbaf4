import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SITE_CONTENT } from '@shared/site-content-defaults';
import { FaqAccordion } from './faq-accordion';

const FAQ = DEFAULT_SITE_CONTENT.faq.items;

const [first, second] = FAQ;
const last = FAQ.at(-1);

function renderFaq() {
  render(<FaqAccordion idPrefix="faq" entries={FAQ} />);
  return {
    question: (entry: (typeof FAQ)[number] | undefined) =>
      screen.getByRole('button', { name: entry!.question }),
  };
}

describe('FaqAccordion', () => {
  it('shows every question as a button in a heading, every answer closed', () => {
    renderFaq();
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(
      FAQ.map((entry) => entry.question),
    );
    for (const button of screen.getAllByRole('button')) {
      expect(button).toHaveAttribute('aria-expanded', 'false');
    }
    expect(screen.queryAllByRole('region')).toEqual([]);
    expect(screen.queryByText(first!.answer)).not.toBeInTheDocument();
  });

  it('opens one answer at a time, as a region named by its question, and closes it again', async () => {
    const user = userEvent.setup();
    const { question } = renderFaq();

    await user.click(question(first));
    expect(question(first)).toHaveAttribute('aria-expanded', 'true');
    const region = screen.getByRole('region', { name: first!.question });
    expect(region).toHaveTextContent(first!.answer);
    expect(question(first)).toHaveAttribute('aria-controls', region.id);

    await user.click(question(second));
    expect(question(second)).toHaveAttribute('aria-expanded', 'true');
    expect(question(first)).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText(first!.answer)).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: second!.question })).toHaveTextContent(
      second!.answer,
    );

    await user.click(question(second));
    expect(question(second)).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryAllByRole('region')).toEqual([]);
  });

  it('moves between the questions with the arrow keys, Home and End, and opens with Enter', async () => {
    const user = userEvent.setup();
    const { question } = renderFaq();

    await user.tab();
    expect(question(first)).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(question(second)).toHaveFocus();
    await user.keyboard('{End}');
    expect(question(last)).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(question(first)).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(question(last)).toHaveFocus();
    await user.keyboard('{Home}');
    expect(question(first)).toHaveFocus();

    await user.keyboard('{Enter}');
    expect(question(first)).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard(' ');
    expect(question(first)).toHaveAttribute('aria-expanded', 'false');
  });
});
