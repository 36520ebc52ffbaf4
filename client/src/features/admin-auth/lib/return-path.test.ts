import { describe, expect, it } from 'vitest';
import { adminLoginPath, adminReturnPath } from './return-path';

describe('the way back after signing in again', () => {
  it('carries the screen the session ended on, with its query', () => {
    const login = adminLoginPath('/admin/support/7a8b?x=1');
    expect(login).toBe('/admin/login?next=%2Fadmin%2Fsupport%2F7a8b%3Fx%3D1');
    const next = new URLSearchParams(login.split('?')[1]).get('next');
    expect(adminReturnPath(next)).toBe('/admin/support/7a8b?x=1');
    expect(adminLoginPath('/admin/dashboard')).toBe('/admin/login');
  });

  it('goes to the dashboard for anything but an admin screen of this site', () => {
    for (const next of [
      null,
      '',
      '/portal',
      'https://evil.example/admin/',
      '//evil.example',
      '/admin//evil.example',
      '/admin/\\evil.example',
      '/admin/login?next=x',
    ]) {
      expect(adminReturnPath(next)).toBe('/admin/dashboard');
    }
  });
});
