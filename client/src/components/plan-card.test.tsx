import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PLANS } from '@shared/plans';
import { PlanCard } from './plan-card';

describe('PlanCard', () => {
  it("shows the plan under the place's heading level, with its price, features and action", () => {
    const plan = DEFAULT_PLANS[0]!;
    render(
      <ul>
        <PlanCard
          plan={plan}
          heading="h3"
          size="lg"
          action={<button type="button">Get Started</button>}
        />
      </ul>,
    );
    expect(screen.getByRole('heading', { level: 3, name: 'Essentials' })).toBeVisible();
    expect(screen.getByText('$199.00')).toBeVisible();
    expect(screen.getByText('$199.00').parentElement).toHaveTextContent('$199.00/month');
    const card = screen.getAllByRole('listitem')[0]!;
    expect(
      within(card)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Template-based website',
      '5 pages',
      'Hosting included',
      'Basic SEO',
      'Monthly updates',
      'Email support',
    ]);
    expect(screen.getByRole('button', { name: 'Get Started' })).toBeVisible();
    expect(screen.queryByText('Most Popular')).toBeNull();
  });

  it("flags the popular plan 'Most Popular'", () => {
    const plan = DEFAULT_PLANS[1]!;
    render(
      <ul>
        <PlanCard plan={plan} heading="h2" size="md" action={null} />
      </ul>,
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Signature' })).toBeVisible();
    expect(screen.getByText('Most Popular')).toBeVisible();
  });
});
