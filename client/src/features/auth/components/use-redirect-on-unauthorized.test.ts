import { afterEach, describe, expect, it, vi } from 'vitest';
import { TOAST_REQUESTED_EVENT } from '@/components/ui/use-toast';
import { redirectToLogin } from './use-redirect-on-unauthorized';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('redirectToLogin', () => {
  it('says the client is logged out, then after 500 ms signs in again, once', () => {
    vi.useFakeTimers();
    const assign = vi.fn();
    vi.stubGlobal('location', { pathname: '/portal/support', search: '?x=1', assign });
    const toasts: unknown[] = [];
    window.addEventListener(TOAST_REQUESTED_EVENT, (event) => toasts.push(event));

    redirectToLogin();
    redirectToLogin();
    expect(toasts.length).toBeGreaterThan(0);
    vi.advanceTimersByTime(499);
    expect(assign).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(assign).toHaveBeenCalledTimes(1);
    expect(assign).toHaveBeenCalledWith('/api/login?returnTo=%2Fportal%2Fsupport%3Fx%3D1');
  });
});
