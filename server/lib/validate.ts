import type { z } from 'zod';

/** Parses a request part with a shared schema; a failure reaches the error middleware as a 400. */
export function parse<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  return schema.parse(value ?? {});
}
