import type { RequestHandler } from 'express';
import type { z } from 'zod';
import { AppError } from './errors';

/** Parses a request part with a shared schema; a failure reaches the error middleware as a 400. */
export function parse<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  return schema.parse(value ?? {});
}

export const NUL_CHARACTER_MESSAGE = 'Text cannot contain the NUL character (\\u0000).';

/** True when any string in a parsed body or query (keys included) holds U+0000. */
export function containsNul(value: unknown): boolean {
  // A walk with its own stack: a deeply nested body cannot overflow the call stack.
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (typeof item === 'string') {
      if (item.includes('\u0000')) return true;
    } else if (item !== null && typeof item === 'object') {
      for (const [key, child] of Object.entries(item)) {
        if (key.includes('\u0000')) return true;
        pending.push(child);
      }
    }
  }
  return false;
}

/**
 * PostgreSQL text cannot hold U+0000: a body or query carrying it is refused here with a 400,
 * before any handler could pass it to the database (which would answer with an error).
 */
export const rejectNulCharacters: RequestHandler = (req, _res, next) => {
  next(
    containsNul(req.body) || containsNul(req.query)
      ? new AppError(400, NUL_CHARACTER_MESSAGE)
      : undefined,
  );
};
