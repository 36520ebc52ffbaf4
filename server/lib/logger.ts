import { pino, type DestinationStream, type Logger } from 'pino';

/** Where a failed query's message and stack list the values it was given (drizzle's). */
const QUERY_PARAMS = /\nparams: [\s\S]*?(?=\n\s+at |\ncaused by|$)/g;

/**
 * Errors as pino writes them, less the values of a failed query: drizzle puts them in the
 * message, the stack and `params`, and they are whatever was written (a sign-in code, a
 * link's token, an e-mail's text). The query itself, with its placeholders, stays.
 */
export function serializeError(error: Error): Record<string, unknown> {
  const { params, ...serialized } = pino.stdSerializers.err(error) as Record<string, unknown> & {
    params?: unknown;
  };
  for (const key of ['message', 'stack'] as const) {
    const value = serialized[key];
    if (typeof value === 'string') {
      serialized[key] = value.replace(QUERY_PARAMS, '\nparams: [redacted]');
    }
  }
  return params === undefined ? serialized : { ...serialized, params: '[redacted]' };
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
