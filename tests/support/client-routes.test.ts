import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { clientRoutePatterns } from './client-routes';

let dir: string | undefined;
afterEach(() => {
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

/** A route table of our own, in a temporary folder laid out as client/src/app/routes. */
function routeTable(files: Record<string, string>): string {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'route-table-'));
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);
  return dir;
}

describe('clientRoutePatterns', () => {
  it('lists literal and constant paths, and names each catch-all by the paths it sits among', () => {
    const table = routeTable({
      'router.tsx': `
        <Switch>
          <Route path="/" component={HomePage} />
          <Route path="/shop/*" component={ShopRoutes} />
          <Route path="/gift/:code" component={GiftPage} />
          <Route component={NotFoundPage} />
        </Switch>`,
      'shop-routes.tsx': `
        import { CART_PATH } from './cart';
        <Switch>
          <Route path="/shop/login" component={LoginPage} />
          <Route>
            <Shell>
              <Route path="/shop/items/:id" component={ItemPage} />
              <Route path={CART_PATH} component={CartPage} />
              <Route component={NotFoundPage} />
            </Shell>
          </Route>
        </Switch>`,
      'cart.tsx': `export const CART_PATH = '/shop/cart';`,
      'router.test.tsx': `<Route path="/only-in-a-test" component={X} />`,
    });
    expect(clientRoutePatterns(table)).toEqual([
      '/',
      '/*',
      '/gift/:code',
      '/shop/*',
      '/shop/cart',
      '/shop/items/:id',
      '/shop/login',
    ]);
  });

  it('reads a pattern of the paths module', () => {
    expect(
      clientRoutePatterns(
        routeTable({
          'router.tsx': `
            <Route path={paths.admin.invoice.pattern} component={InvoicePage} />
            <Route path={paths.portal.area.pattern} component={PortalRoutes} />`,
        }),
      ),
    ).toEqual(['/admin/invoices/:id', '/portal/*']);
  });

  it('fails on a pattern the paths module does not have', () => {
    expect(() =>
      clientRoutePatterns(
        routeTable({ 'router.tsx': `<Route path={paths.admin.nowhere.pattern} component={P} />` }),
      ),
    ).toThrow(/paths.admin.nowhere has no pattern/);
  });

  it('fails on a path constant it cannot find the value of', () => {
    const table = routeTable({ 'router.tsx': `<Route path={SOMEWHERE} component={Page} />` });
    expect(() => clientRoutePatterns(table)).toThrow(/SOMEWHERE is not imported/);
  });

  it("reads the product's route table, its constants included", () => {
    const patterns = clientRoutePatterns();
    expect(patterns).toContain('/admin/two-factor-setup');
    expect(patterns).toContain('/admin/invoices/:id');
    expect(patterns).toContain('/portal/*');
    expect(patterns).toContain('/*');
  });
});
