import { z } from 'zod';

/** Paths of the keys `raw` has and `parsed` (the schema's output) does not. */
function unknownKeys(raw: unknown, parsed: unknown, path = ''): string[] {
  if (Array.isArray(raw) && Array.isArray(parsed)) {
    return raw.flatMap((item, index) => unknownKeys(item, parsed[index], `${path}[${index}]`));
  }
  if (raw && parsed && typeof raw === 'object' && typeof parsed === 'object') {
    return Object.entries(raw).flatMap(([key, value]) =>
      key in parsed
        ? unknownKeys(value, (parsed as Record<string, unknown>)[key], `${path}.${key}`)
        : [`${path}.${key}`],
    );
  }
  return [];
}

/**
 * The JSON answer of a route, checked against the shared schema the client parses it with,
 * and typed by it: a test reads the answer as the client would, instead of casting it.
 * A wrong shape fails the test with each issue and the start of the body; so does a field
 * the schema does not know (an answer is the shared schema's shape, nothing leaks beside it).
 */
export function expectJson<Schema extends z.ZodType>(
  res: { status: number; body: unknown },
  schema: Schema,
): z.infer<Schema> {
  const result = schema.safeParse(res.body);
  const problems = result.success
    ? unknownKeys(res.body, result.data).map((path) => `✖ Not in the schema\n  → at ${path}`)
    : [z.prettifyError(result.error)];
  if (result.success && problems.length === 0) return result.data;
  const body = JSON.stringify(res.body) ?? String(res.body);
  throw new Error(
    [
      `The answer (HTTP ${res.status}) does not match the schema:`,
      ...problems,
      `Body: ${body.length > 500 ? `${body.slice(0, 500)}…` : body}`,
    ].join('\n'),
  );
}
