import type { Page } from '@playwright/test';
import { expectNoSidewaysScroll } from '../support/page-layout';
import { expect, restoreAdminSession, test } from './fixtures';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

/** Nothing sideways on the screen as it is, at a phone's width and a desktop's. */
async function fitsBothWidths(page: Page, name: string) {
  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport);
    await expectNoSidewaysScroll(page, `${name} at ${viewport.width} px`);
  }
}

/**
 * The owner edits the Terms of Service in Settings on a phone and a visitor reads them on
 * /terms, reached from the landing page's footer; each screen fits a phone and a desktop. The
 * shared server's terms go back to the default text afterwards, whatever happened.
 */
test('the terms edited in Settings are what /terms shows', async ({ page, adminApi }) => {
  await page.setViewportSize(PHONE);
  const terms = `Terms written on a phone at ${Date.now()}.`;
  try {
    await restoreAdminSession(page);
    await page.goto('/admin/settings');
    const card = page.getByRole('tabpanel', { name: 'Privacy Policy' });
    await expect(card.getByLabel('Privacy Policy (Markdown)')).toHaveValue(/## Cookies/);
    await page.getByRole('tab', { name: 'Terms of Service' }).click();
    const text = page.getByLabel('Terms of Service (Markdown)');
    await expect(text).toHaveValue(/## Plans, invoices and payment/);
    await text.fill(`## Our terms\n\n${terms}\n\n<script>window.hacked = true</script>`);
    await expect(page.getByRole('region', { name: 'Preview' }).last()).toContainText(terms);
    await page.getByRole('button', { name: 'Save Terms of Service' }).click();
    await expect(page.getByText('Terms of Service is published.').first()).toBeVisible();
    await expect(page.getByText(/Your text, saved/)).toBeVisible();
    await fitsBothWidths(page, "Settings' legal pages");

    // A visitor, from the landing page's footer.
    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Terms of Service' }).click();
    await expect(page).toHaveURL(/\/terms$/);
    await expect(page).toHaveTitle(/^Terms of Service · /);
    await expect(page.getByRole('heading', { name: 'Terms of Service', level: 1 })).toBeVisible();
    await expect(page.getByRole('main')).toContainText(terms);
    await expect(page.getByRole('main')).toContainText('<script>window.hacked = true</script>');
    expect(await page.evaluate(() => 'hacked' in window)).toBe(false);
    await fitsBothWidths(page, '/terms');

    await page
      .getByRole('navigation', { name: 'Legal' })
      .getByRole('link', { name: 'Privacy Policy' })
      .click();
    await expect(page).toHaveURL(/\/privacy$/);
    await expect(page.getByRole('main')).toContainText('Stripe');
  } finally {
    const reset = await adminApi.put('/api/admin/legal-pages/terms', {
      data: { markdown: null },
    });
    expect(reset.status(), 'terms reset to the default').toBe(200);
  }
});
