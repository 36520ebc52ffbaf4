import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * axe with every WCAG 2.x A/AA rule and its best practices (heading order, landmarks, one
 * h1), the set each screen is held to.
 */
export const axe = (page: Page) =>
  new AxeBuilder({ page }).withTags([
    'wcag2a',
    'wcag2aa',
    'wcag21a',
    'wcag21aa',
    'wcag22aa',
    'best-practice',
  ]);

/** Each violation as "rule: selectors", so a failure says what to fix. */
export async function axeViolations(page: Page): Promise<string[]> {
  return (await axe(page).analyze()).violations.map(
    (v) => `${v.id}: ${v.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
}

/** Fails naming `where` and each rule broken there. */
export async function expectNoAxeViolations(page: Page, where: string): Promise<void> {
  expect(await axeViolations(page), `axe on ${where}`).toEqual([]);
}
