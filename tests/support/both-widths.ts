import type { Page, TestInfo } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import { expectNoSidewaysScroll } from './page-layout';

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };

/** The page at a phone's and a desktop's width: nothing sideways, axe clean, a screenshot each. */
export async function atBothWidths(page: Page, testInfo: TestInfo, name: string) {
  for (const [label, size] of [
    ['390', PHONE],
    ['1280', DESKTOP],
  ] as const) {
    await page.setViewportSize(size);
    if (label === '390') await expectNoSidewaysScroll(page, `${name} at 390 px`);
    await expectNoAxeViolations(page, `${name} at ${label} px`);
    await page.screenshot({ path: testInfo.outputPath(`${name}-${label}.png`), fullPage: true });
  }
}
