import { describe, expect, it } from 'vitest';
import { matchRoute, useRouter } from 'wouter';
import { renderHook } from '@testing-library/react';
import { paths } from './paths';

describe('paths', () => {
  it('builds the addresses users see', () => {
    expect(paths.home()).toBe('/');
    expect(paths.portal.dashboard()).toBe('/portal/dashboard');
    expect(paths.portal.ticket('0a1b')).toBe('/portal/support/0a1b');
    expect(paths.admin.invoice('7a8b')).toBe('/admin/invoices/7a8b');
    expect(paths.admin.invoices({ client: 'c1' })).toBe('/admin/invoices?client=c1');
    expect(paths.admin.inviteClient({ email: 'ann+b@example.com', name: 'Ann B' })).toBe(
      '/admin/clients/invite?email=ann%2Bb%40example.com&name=Ann+B',
    );
    expect(paths.admin.login({ next: '/admin/support?status=open' })).toBe(
      '/admin/login?next=%2Fadmin%2Fsupport%3Fstatus%3Dopen',
    );
    expect(paths.admin.outboxMessage('m1', 'q=amelie&page=2')).toBe(
      '/admin/outbox/m1?q=amelie&page=2',
    );
    expect(paths.admin.support({ q: '', status: undefined })).toBe('/admin/support');
    expect(paths.signup('a/b')).toBe('/signup/a%2Fb');
  });

  it('gives the route table patterns that match the addresses it builds', () => {
    const { result } = renderHook(() => useRouter());
    const parser = result.current.parser;
    const cases: [string, string, Record<string, string>][] = [
      [paths.portal.ticket.pattern, paths.portal.ticket('t1'), { id: 't1' }],
      [paths.admin.invoice.pattern, paths.admin.invoice('i1'), { id: 'i1' }],
      [paths.admin.client.pattern, paths.admin.client('c1'), { id: 'c1' }],
      [paths.admin.ticket.pattern, paths.admin.ticket('t2'), { id: 't2' }],
      [paths.admin.outboxMessage.pattern, paths.admin.outboxMessage('m1'), { id: 'm1' }],
      [paths.signup.pattern, paths.signup('tok'), { token: 'tok' }],
      [paths.pay.pattern, paths.pay('tok'), { token: 'tok' }],
    ];
    for (const [pattern, path, params] of cases) {
      const [matches, found] = matchRoute(parser, pattern, path);
      expect(matches, pattern).toBe(true);
      expect(found).toMatchObject(params);
    }
    expect(matchRoute(parser, paths.admin.area.pattern, paths.admin.settings())[0]).toBe(true);
  });
});
