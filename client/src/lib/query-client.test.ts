import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiRequest, ApiError, errorMessage } from './api-request';
import { createQueryClient, getQueryFn } from './query-client';

function stubFetch(status: number, body: string, statusText = '') {
  const fetchMock = vi.fn(async () => new Response(body || null, { status, statusText }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

const context = (queryKey: readonly unknown[]) =>
  ({
    queryKey,
    signal: new AbortController().signal,
    meta: undefined,
    client: createQueryClient(),
  }) as never;

describe('the default query function', () => {
  it('fetches the key parts joined with "/" with credentials', async () => {
    const fetchMock = stubFetch(200, JSON.stringify({ ok: true }));
    const result = await getQueryFn({ on401: 'throw' })(context(['/api/tickets', 'abc']));
    expect(result).toEqual({ ok: true });
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/tickets/abc',
      expect.objectContaining({ credentials: 'include' }),
    );
  });

  it('treats 401 as "no data" when asked to, and throws "STATUS: body" otherwise', async () => {
    stubFetch(401, '{"message":"Unauthorized"}');
    await expect(
      getQueryFn({ on401: 'returnNull' })(context(['/api/auth/user'])),
    ).resolves.toBeNull();
    await expect(getQueryFn({ on401: 'throw' })(context(['/api/auth/user']))).rejects.toThrow(
      '401: {"message":"Unauthorized"}',
    );
  });

  it('uses the status text when the body is empty', async () => {
    stubFetch(503, '', 'Service Unavailable');
    await expect(apiRequest('GET', '/api/x')).rejects.toThrow('503: Service Unavailable');
  });

  it('is configured as the spec says: no retries, no refetch on focus, never stale', () => {
    const defaults = createQueryClient().getDefaultOptions().queries!;
    expect(defaults.retry).toBe(false);
    expect(defaults.refetchOnWindowFocus).toBe(false);
    expect(defaults.staleTime).toBe(Infinity);
  });
});

describe('errorMessage', () => {
  it("prefers the server's message field", () => {
    expect(
      errorMessage(
        new ApiError(400, '{"message":"Subject is required"}', 'Bad Request'),
        'fallback',
      ),
    ).toBe('Subject is required');
    expect(errorMessage(new ApiError(500, 'oops', 'Internal'), 'fallback')).toBe('fallback');
    expect(errorMessage(new TypeError('Failed to fetch'), 'fallback')).toBe('fallback');
  });
});
