import { describe, expect, it } from 'vitest';
import { loggedUrl } from './request-log';

describe('loggedUrl', () => {
  it('keeps a pay link token out of the log in any case of the path', () => {
    const token = 'tVq3bC0mZ_8-hX1yQe2rLw9KsD4fN7aJ';
    expect(loggedUrl(`/api/pay/${token}?payment=success`)).toBe('/api/pay/[token]?payment=success');
    expect(loggedUrl(`/api/PAY/${token}`)).toBe('/api/pay/[token]');
    expect(loggedUrl(`/API/Pay/${token}#top`)).toBe('/API/pay/[token]#top');
    expect(loggedUrl(`/pay/${token}`)).toBe('/pay/[token]');
  });

  it('leaves other URLs as they are', () => {
    expect(loggedUrl('/api/admin/invoices?page=2')).toBe('/api/admin/invoices?page=2');
    expect(loggedUrl('/api/invoices/5d1c/pay')).toBe('/api/invoices/5d1c/pay');
  });
});
