import type { z } from 'zod';

/**
 * Every call to our API goes through here: credentials always sent, JSON bodies (FormData for
 * files), and a non-2xx answer thrown as an ApiError whose message is `STATUS: body` (spec
 * section 8).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    statusText: string,
  ) {
    super(`${status}: ${body || statusText}`);
    this.name = 'ApiError';
  }

  /** The `message` field of a JSON error body, if there is one. */
  get serverMessage(): string | undefined {
    try {
      const parsed = JSON.parse(this.body) as { message?: unknown };
      return typeof parsed.message === 'string' ? parsed.message : undefined;
    } catch {
      return undefined;
    }
  }
}

export async function throwIfNotOk(res: Response): Promise<void> {
  if (!res.ok) {
    const body = await res.text();
    throw new ApiError(res.status, body, res.statusText);
  }
}

export async function apiRequest(method: string, url: string, data?: unknown): Promise<Response> {
  // A form with files goes as multipart/form-data (the browser writes the boundary).
  const form = data instanceof FormData;
  const res = await fetch(url, {
    method,
    headers: data !== undefined && !form ? { 'Content-Type': 'application/json' } : {},
    body: form ? data : data !== undefined ? JSON.stringify(data) : undefined,
    credentials: 'include',
  });
  await throwIfNotOk(res);
  return res;
}

/**
 * GET `url` and parse the answer with the shared schema of that endpoint, so a screen works
 * with what the server really sent (an answer of another shape is an error, not a cast).
 */
export async function apiGet<Schema extends z.ZodType>(
  url: string,
  schema: Schema,
  signal?: AbortSignal,
): Promise<z.output<Schema>> {
  const res = await fetch(url, { credentials: 'include', signal });
  await throwIfNotOk(res);
  return schema.parse(await res.json());
}

/** A call that changes something; the answer parsed with the endpoint's shared schema. */
export async function apiSend<Schema extends z.ZodType>(
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  schema: Schema,
  data?: unknown,
): Promise<z.output<Schema>> {
  const res = await apiRequest(method, url, data);
  return schema.parse(await res.json());
}

/** The server's message for a failed call, or the given fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  return (error instanceof ApiError && error.serverMessage) || fallback;
}

/** A 401: the session is gone (spec section 8: '401: ...Unauthorized'). */
export function isUnauthorized(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}
