import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Fails when the page scrolls sideways (wider than its window), naming `where` and the
 * elements that reach furthest right outside the window and are not clipped by a box of
 * their own; waits for the page to settle (network, fonts, two frames) first.
 */
export async function expectNoSidewaysScroll(page: Page, where: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  const found = await page.evaluate(async () => {
    await document.fonts.ready;
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
    const { scrollWidth } = document.documentElement;
    const { innerWidth } = window;
    if (scrollWidth <= innerWidth) return { scrollWidth, innerWidth, culprits: [] };
    /**
     * True when the element cannot widen the page: it is fixed to the window, or a box between
     * it and <body> that it is laid out in (its containing block chain) clips or scrolls it.
     * An absolutely positioned element escapes the boxes that are not positioned.
     */
    const contained = (element: Element) => {
      let position = getComputedStyle(element).position;
      if (position === 'fixed') return true;
      for (let up = element.parentElement; up && up !== document.body; up = up.parentElement) {
        const style = getComputedStyle(up);
        if (position === 'absolute' && style.position === 'static' && style.transform === 'none') {
          continue;
        }
        if (style.overflowX !== 'visible') return true;
        position = style.position;
        if (position === 'fixed') return true;
      }
      return false;
    };
    const describe = (element: Element) => {
      const id = element.id ? `#${element.id}` : '';
      const classes = (element.getAttribute('class') ?? '').trim().split(/\s+/).slice(0, 8);
      const text = (element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 50);
      const right = Math.round(element.getBoundingClientRect().right + window.scrollX);
      return `<${element.tagName.toLowerCase()}${id}${classes[0] ? `.${classes.join('.')}` : ''}> right edge ${right} px${text ? `, text "${text}"` : ''}`;
    };
    const culprits = [...document.body.querySelectorAll('*')]
      .map((element) => ({ element, right: element.getBoundingClientRect().right }))
      .filter(({ element, right }) => right > innerWidth + 0.5 && !contained(element))
      // The furthest right first; of equal edges, the innermost (the later in document order).
      .sort((a, b) => b.right - a.right || 1)
      .slice(0, 3)
      .map(({ element }) => describe(element));
    return { scrollWidth, innerWidth, culprits };
  });
  expect(
    found.scrollWidth,
    `${where} scrolls sideways: ${found.scrollWidth} px wide in a ${found.innerWidth} px window; widest: ${found.culprits.join('; ') || 'none found'}`,
  ).toBeLessThanOrEqual(found.innerWidth);
}

/** Fails unless the element is visible and its box lies wholly inside the window. */
export async function expectInViewport(page: Page, locator: Locator, what: string): Promise<void> {
  await expect(locator, `${what} is shown`).toBeVisible();
  // Let an opening animation finish before measuring.
  await page.evaluate(
    () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
  );
  const box = (await locator.boundingBox())!;
  const { width, height } = page.viewportSize()!;
  const inside =
    box.x >= 0 &&
    box.y >= 0 &&
    box.x + box.width <= width + 0.5 &&
    box.y + box.height <= height + 0.5;
  expect(
    inside,
    `${what} lies inside the ${width} x ${height} window: x ${Math.round(box.x)}, y ${Math.round(box.y)}, ${Math.round(box.width)} x ${Math.round(box.height)}`,
  ).toBe(true);
}
