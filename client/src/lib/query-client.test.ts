import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from '@shared/zod';
import { useToast } from '@/components/ui/use-toast';
import { apiGet, apiRequest, ApiError, errorMessage } from './api-request';
import { createQueryClient } from './query-client';

function stubFetch(status: number, body: string, statusText = '') {
  const fetchMock = vi.fn(async () => new Response(body || null, { status, statusText }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('apiGet', () => {
  const Answer = z.object({ ok: z.boolean() });

  it('fetches with credentials and parses the answer with the schema', async () => {
    const fetchMock = stubFetch(200, JSON.stringify({ ok: true, extra: 1 }));
    await expect(apiGet('/api/tickets/abc', Answer)).resolves.toEqual({ ok: true });
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/tickets/abc',
      expect.objectContaining({ credentials: 'include' }),
    );
  });

  it('refuses an answer of another shape', async () => {
    stubFetch(200, JSON.stringify({ ok: 'yes' }));
    await expect(apiGet('/api/x', Answer)).rejects.toThrow(z.ZodError);
  });

  it('throws "STATUS: body" for a failed call', async () => {
    stubFetch(401, '{"message":"Unauthorized"}');
    await expect(apiGet('/api/auth/user', Answer)).rejects.toThrow(
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

describe('a failed mutation', () => {
  /** The toasts that appeared while `run` ran. */
  async function toastsAfter(
    run: (client: ReturnType<typeof createQueryClient>) => Promise<unknown>,
  ) {
    const { result } = renderHook(() => useToast());
    const before = new Set(result.current.toasts.map((t) => t.id));
    await act(() => run(createQueryClient()).catch(() => undefined));
    return result.current.toasts
      .filter((t) => !before.has(t.id))
      .map((t) => [t.title, t.description, t.variant]);
  }

  it("shows the server's message, or the fallback, in one destructive toast", async () => {
    const fail = (body: string) => () => Promise.reject(new ApiError(400, body, 'Bad Request'));
    const shown = await toastsAfter((client) =>
      client
        .getMutationCache()
        .build(client, {
          mutationFn: fail('{"message":"Subject is required"}'),
          meta: { error: { fallback: 'Failed to create ticket.' } },
        })
        .execute(undefined),
    );
    expect(shown).toEqual([['Error', 'Subject is required', 'destructive']]);
  });

  it('says nothing for a 401 or a mutation that shows its own errors', async () => {
    const shown = await toastsAfter(async (client) => {
      const cache = client.getMutationCache();
      await cache
        .build(client, {
          mutationFn: () => Promise.reject(new ApiError(401, '', 'Unauthorized')),
          meta: { error: { fallback: 'x' } },
        })
        .execute(undefined)
        .catch(() => undefined);
      await cache
        .build(client, { mutationFn: () => Promise.reject(new Error('no meta')) })
        .execute(undefined);
    });
    expect(shown).toEqual([]);
  });
});
