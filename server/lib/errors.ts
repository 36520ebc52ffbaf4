import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { Logger } from 'pino';
import { ZodError } from 'zod';

/** The one error type handlers and services throw; the middleware below turns it into HTTP. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFoundApi: RequestHandler = (req, _res, next) => {
  next(new AppError(404, `Not found: ${req.method} ${req.path}`));
};

interface HttpLikeError {
  status?: number;
  statusCode?: number;
  type?: string;
  expose?: boolean;
  message?: string;
}

export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error: unknown, req, res, next) => {
    if (res.headersSent) {
      next(error);
      return;
    }
    if (error instanceof AppError) {
      res.status(error.status).json({ message: error.message, ...error.details });
      return;
    }
    if (error instanceof ZodError) {
      res.status(400).json({
        message: error.issues[0]?.message ?? 'Invalid request',
        errors: error.issues.map((issue) => ({
          path: issue.path.join('.'),
          message: issue.message,
        })),
      });
      return;
    }
    // Errors of body-parser and friends carry a status and a safe message (e.g. 413, bad JSON).
    const httpError = error as HttpLikeError;
    const status = httpError.status ?? httpError.statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      const message =
        httpError.type === 'entity.parse.failed'
          ? 'The request body is not valid JSON'
          : httpError.type === 'entity.too.large'
            ? 'The request body is too large'
            : httpError.expose && httpError.message
              ? httpError.message
              : 'Bad request';
      res.status(status).json({ message });
      return;
    }
    if (isDatabaseUnavailable(error)) {
      logger.warn({ err: error }, 'database unavailable');
      res
        .status(503)
        .json({ message: 'The service is temporarily unavailable. Please try again shortly.' });
      return;
    }
    (req.log ?? logger).error({ err: error }, 'unhandled error');
    res.status(500).json({ message: 'Internal Server Error' });
  };
}

const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  '57P01',
  '57P03',
  '08006',
  '08001',
]);

export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current; depth += 1) {
    const { code, message } = current as { code?: string; message?: string };
    if (code && UNAVAILABLE_CODES.has(code)) return true;
    if (
      message &&
      /connection terminated|timeout exceeded when trying to connect|database is closed|encountered a connection error/i.test(
        message,
      )
    ) {
      return true;
    }
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
