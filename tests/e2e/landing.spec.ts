import type { Page } from '@playwright/test';
import { axeViolations } from '../support/axe';
import { expect, test, uniqueEmail } from './fixtures';

async function openLanding(page: Page) {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Where the Coast Meets the Code' })).toBeVisible();
  // The HTML is prerendered: wait until the app has hydrated it before clicking.
  await expect(page.locator('html')).toHaveAttribute('data-ready', 'true');
}

async function expectInViewport(page: Page, selector: string) {
  await expect(page.locator(selector)).toBeInViewport();
}

test.describe('the landing page', () => {
  // One page load walked through as a visitor reads it; each step says what it proves.
  test('a visitor reads every section, moves around it, and leaves through the footer', async ({
    page,
  }, testInfo) => {
    test.setTimeout(90_000);
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await openLanding(page);

    // The skip links come first.
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Skip to pricing' })).toBeFocused();

    // Seven sections in order, and the footer.
    const headings = await page.locator('main h1, main h2').allTextContents();
    expect(headings).toEqual([
      'Where the Coast Meets the Code',
      'Simple Monthly Plans',
      'Our Recent Work',
      'Why Choose Us',
      'What Our Clients Say',
      'Frequently Asked Questions',
      'Ready for a Website That Works as Hard as You Do?',
    ]);
    await expect(page.locator('main')).toContainText('Louisiana and Mississippi');
    await expect(page.locator('main')).toContainText('anywhere in the United States');
    await expect(page.locator('main')).toContainText('dozens');
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('link', { name: 'hello@coastandcode.studio' })).toHaveAttribute(
      'href',
      'mailto:hello@coastandcode.studio',
    );
    await expect(footer).toContainText('New Orleans, LA');

    // Client Portal is a browser navigation to the sign-in flow.
    await expect(page.getByRole('link', { name: 'Client Portal' })).toHaveAttribute(
      'href',
      '/api/auth/login',
    );

    // Pricing: the three plans, Signature most popular; six portfolio items.
    const pricing = page.locator('#pricing');
    await expect(pricing.getByRole('heading', { level: 3 })).toHaveText([
      'Essentials',
      'Signature',
      'Prestige',
    ]);
    await expect(pricing).toContainText('$199.00/month');
    await expect(pricing).toContainText('$399.00/month');
    await expect(pricing).toContainText('$599.00/month');
    await expect(
      pricing.locator('li', { hasText: 'Most Popular' }).getByRole('heading'),
    ).toHaveText('Signature');
    for (const feature of [
      'Template-based website',
      'Strategy check-ins',
      'Monthly consulting',
      'Hosting included',
    ]) {
      await expect(pricing).toContainText(feature);
    }
    await expect(page.locator('#portfolio').getByRole('heading', { level: 3 })).toHaveCount(6);

    // The navigation bar turns translucent with a border after 50 px of scroll.
    const siteNav = page.getByTestId('site-nav');
    await expect(siteNav).toHaveAttribute('data-scrolled', 'false');
    await expect(siteNav).toHaveClass(/bg-transparent/);
    await page.evaluate(() => window.scrollTo(0, 40));
    await expect(siteNav).toHaveAttribute('data-scrolled', 'false');
    await page.evaluate(() => window.scrollTo(0, 120));
    await expect(siteNav).toHaveAttribute('data-scrolled', 'true');
    await expect(siteNav).toHaveClass(/backdrop-blur/);
    await expect(siteNav).toHaveClass(/border-white\/20/);

    // Sections reveal as they come within 150 px of the viewport bottom.
    const faqTitle = page.locator('[data-reveal]', {
      has: page.getByRole('heading', { name: 'Frequently Asked Questions' }),
    });
    await expect(faqTitle).toHaveCSS('opacity', '0');
    await faqTitle.scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 200);
    await expect(faqTitle).toHaveCSS('opacity', '1');

    // The testimonials carousel loops with buttons and arrow keys.
    const carousel = page.getByRole('region', { name: 'Client testimonials' });
    const slide = carousel.getByRole('group');
    await expect(slide).toHaveAttribute('aria-label', '1 of 3');
    await expect(carousel.locator('[aria-live="polite"]')).toHaveCount(1);
    await carousel.getByRole('button', { name: 'Next testimonial' }).click();
    await expect(slide).toHaveAttribute('aria-label', '2 of 3');
    await expect(slide).toContainText('Marcus Hill');
    await carousel.getByRole('button', { name: 'Previous testimonial' }).click();
    await carousel.getByRole('button', { name: 'Previous testimonial' }).click();
    await expect(slide).toHaveAttribute('aria-label', '3 of 3');
    await carousel.focus();
    await page.keyboard.press('ArrowRight');
    await expect(slide).toHaveAttribute('aria-label', '1 of 3');
    await page.keyboard.press('ArrowLeft');
    await expect(slide).toHaveAttribute('aria-label', '3 of 3');
    await expect(slide).toContainText('Priya Natarajan');

    // The FAQ keeps at most one answer open and can collapse it.
    const faq = page.locator('#faq');
    const first = faq.getByRole('button', { name: 'How fast are update requests done?' });
    const second = faq.getByRole('button', { name: 'How long until my website launches?' });
    await first.click();
    await expect(first).toHaveAttribute('aria-expanded', 'true');
    await expect(faq).toContainText('24-48 hours');
    await second.click();
    await expect(second).toHaveAttribute('aria-expanded', 'true');
    await expect(first).toHaveAttribute('aria-expanded', 'false');
    await expect(faq).toContainText(
      '1-2 weeks on Essentials, 2-3 weeks on Signature and 3-4 weeks on Prestige',
    );
    await second.click();
    await expect(second).toHaveAttribute('aria-expanded', 'false');
    await faq.getByRole('button', { name: 'Can I cancel my plan?' }).click();
    await expect(faq).toContainText('30 days notice');
    await faq.getByRole('button', { name: 'What does Prestige include for SEO?' }).click();
    await expect(faq).toContainText('monthly SEO audits');

    // Each anchor link and the hero buttons reach their sections.
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const [label, id] of [
      ['Pricing', 'pricing'],
      ['Portfolio', 'portfolio'],
      ['Testimonials', 'testimonials'],
      ['FAQ', 'faq'],
    ] as const) {
      await nav.getByRole('link', { name: label, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`#${id}$`));
      await expectInViewport(page, `#${id}`);
    }
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByRole('button', { name: 'View Our Plans' }).click();
    await expectInViewport(page, '#pricing h2');
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByRole('button', { name: 'See Our Work' }).click();
    await expectInViewport(page, '#portfolio h2');

    // Scrolled through to the end, kept under test-results/ as how / looks on a desktop.
    await page.evaluate(() => window.scrollTo(0, 0));
    for (let step = 0; step < 4; step += 1) {
      await page.mouse.wheel(0, 1200);
      // Two frames drawn at each position, so the reveal observer sees every section pass.
      await page.evaluate(
        () => new Promise((drawn) => requestAnimationFrame(() => requestAnimationFrame(drawn))),
      );
    }
    const desktop = testInfo.outputPath('landing-desktop.png');
    await page.screenshot({ path: desktop, fullPage: true });
    await testInfo.attach('landing-desktop', { path: desktop, contentType: 'image/png' });

    // All that loaded no portal or admin code.
    await page.waitForLoadState('networkidle');
    expect(scripts.length).toBeGreaterThan(0);
    expect(
      scripts.filter((path) => /portal-routes|admin-routes|marketing-tool/.test(path)),
    ).toEqual([]);

    // The footer links the legal pages, with no alert.
    const messages: string[] = [];
    page.on('dialog', (dialog) => {
      messages.push(dialog.message());
      void dialog.accept();
    });
    await footer.getByRole('link', { name: 'Privacy Policy' }).click();
    await expect(page).toHaveURL(/\/privacy$/);
    await expect(page.getByRole('heading', { name: 'Privacy Policy', level: 1 })).toBeVisible();
    await page.goBack();
    await footer.getByRole('link', { name: 'Terms of Service' }).click();
    await expect(page).toHaveURL(/\/terms$/);
    await expect(page.getByRole('heading', { name: 'Terms of Service', level: 1 })).toBeVisible();
    expect(messages).toEqual([]);
    await page.goBack();

    // The dot leads to the admin login; returning to / draws every section again.
    await page.getByRole('button', { name: 'Admin sign-in' }).click();
    await expect(page).toHaveURL(/\/admin\/login$/);
    await page.goBack();
    await expect(
      page.getByRole('heading', { name: 'Where the Coast Meets the Code' }),
    ).toBeVisible();
    const faqHeading = page.getByRole('heading', { name: 'Frequently Asked Questions' });
    await faqHeading.scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 200);
    await expect(page.locator('[data-reveal]', { has: faqHeading })).toHaveCSS('opacity', '1');
    await page.getByRole('button', { name: 'Can I cancel my plan?' }).click();
    await expect(page.locator('#faq')).toContainText('30 days notice');
    await expect(page.getByRole('contentinfo')).toContainText('hello@coastandcode.studio');
  });

  test('the sections after pricing load their code later, and a click made before it arrives is answered', async ({
    page,
  }) => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let requested = false;
    await page.route(/\/assets\/showcase-sections-[^/]+\.js$/, async (route) => {
      requested = true;
      await held;
      await route.continue();
    });
    await page.goto('/');
    const faq = page.locator('#faq');
    const trigger = faq.getByRole('button', { name: 'Is hosting included?' });
    // The prerendered HTML is there and readable before its code.
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');
    // Requested once the page is idle (the rest of the page is hydrated by then), and held.
    await expect.poll(() => requested).toBe(true);
    await trigger.click();
    await expect(page.locator('html')).not.toHaveAttribute('data-ready', 'true');
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');
    release();
    await expect(page.locator('html')).toHaveAttribute('data-ready', 'true');
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');
    await expect(faq).toContainText('Every plan includes hosting, SSL and backups');
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the menu toggles and closes when a link is chosen', async ({ page }, testInfo) => {
    await openLanding(page);
    const phone = testInfo.outputPath('landing-phone.png');
    await page.screenshot({ path: phone, fullPage: false });
    await testInfo.attach('landing-phone', { path: phone, contentType: 'image/png' });
    const toggle = page
      .getByRole('navigation', { name: 'Main' })
      .locator('summary', { hasText: 'Menu' });
    const menu = page.locator('#mobile-menu');
    await expect(menu).toBeHidden();
    await toggle.click();
    await expect(menu).toBeVisible();
    await menu.getByRole('link', { name: 'FAQ' }).click();
    await expect(menu).toBeHidden();
    await expect(page).toHaveURL(/#faq$/);
    await toggle.click();
    await expect(menu).toBeVisible();
    await toggle.click();
    await expect(menu).toBeHidden();
  });

  test('a tap made before the script has run opens the menu', async ({ page }) => {
    // Hold every script of the page back: what shows is the prerendered HTML alone.
    let releaseScripts = () => {};
    const scriptsHeld = new Promise<void>((resolve) => (releaseScripts = resolve));
    await page.route(/\.js(\?.*)?$/, async (route) => {
      await scriptsHeld;
      await route.continue();
    });
    await page.goto('/', { waitUntil: 'commit' });
    await expect(
      page.getByRole('heading', { name: 'Where the Coast Meets the Code' }),
    ).toBeVisible();
    await expect(page.locator('html')).not.toHaveAttribute('data-ready', 'true');
    const menu = page.locator('#mobile-menu');
    await page
      .getByRole('navigation', { name: 'Main' })
      .locator('summary', { hasText: 'Menu' })
      .tap();
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Pricing' })).toBeVisible();
    await expect(page.locator('html')).not.toHaveAttribute('data-ready', 'true');

    // Once the app hydrates the page, the menu stays open and works as before.
    releaseScripts();
    await expect(page.locator('html')).toHaveAttribute('data-ready', 'true');
    await expect(menu).toBeVisible();
    await menu.getByRole('link', { name: 'FAQ' }).tap();
    await expect(menu).toBeHidden();
    await expect(page).toHaveURL(/#faq$/);
  });
});

test.describe('the lead modal', () => {
  test('passes axe open, opens from every call to action, traps focus, gives focus back, then sends the request', async ({
    page,
    adminApi,
  }) => {
    // Three tests' worth of steps, one with axe: more than the default half minute.
    test.setTimeout(90_000);
    // Sections that fade in as they scroll into view would be read by axe mid-fade.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const email = uniqueEmail('marie');
    await openLanding(page);
    // The page itself, closed, is axe's at both widths in phone-width.spec.ts ('/').
    await page.getByRole('button', { name: 'Schedule Free Consultation' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(await axeViolations(page), 'the open lead modal').toEqual([]);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();

    const dialog = page.getByRole('dialog', { name: 'Schedule Your Free Consultation' });
    const openers = [
      page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Get Started' }),
      page.getByRole('button', { name: 'Get Started with Signature' }),
      page.getByRole('button', { name: 'Schedule Free Consultation' }),
    ];
    for (const opener of openers) {
      await opener.click();
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText(
        "Let's discuss how we can help grow your business online.",
      );
      for (let n = 0; n < 12; n += 1) await page.keyboard.press('Tab');
      expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(
        true,
      );
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(opener).toBeFocused();
    }

    // Filled in and sent: the visitor is thanked, the form closes and clears.
    await page.getByRole('button', { name: 'Schedule Free Consultation' }).click();
    await dialog.getByLabel('Name *').fill('Marie Thibodeaux');
    await dialog.getByLabel('Email *').fill(email);
    await dialog.getByLabel('Business Name').fill('Thibodeaux Catering');
    await dialog.getByLabel('Phone').fill('225-555-0142');
    await dialog.getByLabel('Project Details').fill('Online ordering for catering.');
    const [request] = await Promise.all([
      page.waitForRequest('**/api/consultations'),
      dialog.getByRole('button', { name: 'Schedule Call' }).click(),
    ]);
    expect(request.postDataJSON()).toMatchObject({
      name: 'Marie Thibodeaux',
      email,
      business: 'Thibodeaux Catering',
      phone: '225-555-0142',
      details: 'Online ordering for catering.',
    });
    expect((await request.response())?.status()).toBe(201);
    await expect(
      page.getByText("We'll be in touch soon to schedule your free consultation.", { exact: true }),
    ).toBeVisible();
    await expect(dialog).toBeHidden();
    await page.getByRole('button', { name: 'Schedule Free Consultation' }).click();
    await expect(page.getByRole('dialog').getByLabel('Name *')).toHaveValue('');
    await expect(page.getByRole('dialog').getByLabel('Email *')).toHaveValue('');

    // The agency has it: stored with status 'new'.
    const stored = (await (await adminApi.get('/api/admin/consultations')).json()).items;
    expect(stored.filter((row: { email: string }) => row.email === email)).toEqual([
      expect.objectContaining({
        name: 'Marie Thibodeaux',
        businessName: 'Thibodeaux Catering',
        phone: '225-555-0142',
        details: 'Online ordering for catering.',
        status: 'new',
      }),
    ]);
  });
});

test.describe('accessibility', () => {
  test('the open phone menu, the signed-out portal and a bad signup link have no axe violations', async ({
    page,
  }) => {
    // Five axe runs: more than the default 30 s on a busy machine.
    test.setTimeout(150_000);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    // One load of each screen, read by axe at both widths.
    for (const path of ['/portal', '/signup/not-a-real-token']) {
      await page.setViewportSize({ width: 1280, height: 844 });
      await page.goto(path);
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 844 });
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        expect(await axeViolations(page), `${path} at ${width} px`).toEqual([]);
      }
    }
    await openLanding(page);
    await page
      .getByRole('navigation', { name: 'Main' })
      .locator('summary', { hasText: 'Menu' })
      .click();
    await expect(page.locator('#mobile-menu')).toBeVisible();
    expect(await axeViolations(page), 'the open phone menu').toEqual([]);
  });
  // The 404 page's axe check at both widths is phone-width.spec.ts's '/*' route.
});
