import { describe, expect, it } from 'vitest';
import { isNavItemActive } from './admin-shell';

describe('admin navigation highlight', () => {
  it('matches the href itself or a path below it', () => {
    expect(isNavItemActive('/admin/invoices', '/admin/invoices')).toBe(true);
    expect(isNavItemActive('/admin/invoices/new', '/admin/invoices')).toBe(true);
    expect(isNavItemActive('/admin/invoices-archive', '/admin/invoices')).toBe(false);
    expect(isNavItemActive('/admin/dashboard', '/admin/invoices')).toBe(false);
  });
});
