import { pino, type DestinationStream, type Logger } from 'pino';

/** Drizzle's error for a failed query: its message and `params` list the values it was given. */
interface FailedQuery extends Error {
  query: string;
  params: unknown;
}

const isFailedQuery = (error: unknown): error is FailedQuery =>
  error instanceof Error && typeof (error as { query?: unknown }).query === 'string';

/**
 * Errors as pino writes them, less the values of a failed query: drizzle puts them in the
 * message, the stack and `params`, and they are whatever was written (a sign-in code, a
 * link's token, an e-mail's text). The query itself, with its placeholders, stays. A failed
 * query nested as another error's cause is written the same way.
 */
export function serializeError(error: Error): Record<string, unknown> {
  return pino.stdSerializers.err(withoutQueryValues(error)) as Record<string, unknown>;
}

function withoutQueryValues(error: Error, depth = 0): Error {
  if (depth > 4) return error;
  const cause = (error as { cause?: unknown }).cause;
  const safeCause = cause instanceof Error ? withoutQueryValues(cause, depth + 1) : cause;
  if (!isFailedQuery(error)) {
    if (safeCause === cause) return error;
    const copy = Object.create(Object.getPrototypeOf(error) as object) as Error;
    Object.assign(copy, error, { message: error.message, stack: error.stack, cause: safeCause });
    return copy;
  }
  const message = `Failed query: ${error.query}\nparams: [redacted]`;
  // The stack opens with "<name>: <message>" (the values among it); the frames follow.
  const heading = `${error.name}: ${error.message}`;
  const frames = error.stack?.startsWith(heading) ? error.stack.slice(heading.length) : '';
  const safe = new Error(message, { cause: safeCause });
  safe.name = error.name;
  safe.stack = `${error.name}: ${message}${frames}`;
  return Object.assign(safe, { query: error.query, params: '[redacted]' });
}

export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      redact: {
        paths: [
          'req.headers.cookie',
          'req.headers.authorization',
          'res.headers["set-cookie"]',
          '*.password',
        ],
        censor: '[redacted]',
      },
      serializers: { err: serializeError },
    },
    destination,
  );
}
