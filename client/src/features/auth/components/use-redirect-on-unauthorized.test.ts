import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderHook } from '@testing-library/react';
import { TOAST_REQUESTED_EVENT, useToast } from '@/components/ui/use-toast';
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

    const shown = renderHook(() => useToast());
    redirectToLogin();
    redirectToLogin();
    expect(toasts.length).toBeGreaterThan(0);
    shown.rerender();
    // The spec's words, as an ordinary notice: an ended session is not the client's error.
    expect(shown.result.current.toasts[0]).toMatchObject({
      title: 'Unauthorized',
      description: 'You are logged out. Logging in again...',
    });
    expect(shown.result.current.toasts[0]!.variant).toBeUndefined();
    vi.advanceTimersByTime(499);
    expect(assign).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(assign).toHaveBeenCalledTimes(1);
    expect(assign).toHaveBeenCalledWith('/api/login?returnTo=%2Fportal%2Fsupport%3Fx%3D1');
  });
});
