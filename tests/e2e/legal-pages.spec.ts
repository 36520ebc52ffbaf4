import { expectNoSidewaysScroll } from '../support/page-layout';
import { expect, restoreAdminSession, test } from './fixtures';

/**
 * The owner edits the Terms of Service in Settings and a visitor reads them on /terms, reached
 * from the landing page's footer, at a desktop's width and a phone's. The shared server's
 * terms go back to the default text afterwards, whatever happened.
 */
for (const [name, viewport] of [
  ['desktop', { width: 1280, height: 900 }],
  ['phone', { width: 390, height: 844 }],
] as const) {
  test(`the terms edited in Settings are what /terms shows (${name})`, async ({
    page,
    adminApi,
  }) => {
    await page.setViewportSize(viewport);
    const terms = `Terms written on a ${name} at ${Date.now()}.`;
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
      await expectNoSidewaysScroll(page, `Settings' legal pages (${name})`);

      // A visitor, from the landing page's footer.
      await page.goto('/');
      await page.getByRole('contentinfo').getByRole('link', { name: 'Terms of Service' }).click();
      await expect(page).toHaveURL(/\/terms$/);
      await expect(page).toHaveTitle(/^Terms of Service · /);
      await expect(page.getByRole('heading', { name: 'Terms of Service', level: 1 })).toBeVisible();
      await expect(page.getByRole('main')).toContainText(terms);
      await expect(page.getByRole('main')).toContainText('<script>window.hacked = true</script>');
      expect(await page.evaluate(() => 'hacked' in window)).toBe(false);
      await expectNoSidewaysScroll(page, `/terms (${name})`);

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
}
