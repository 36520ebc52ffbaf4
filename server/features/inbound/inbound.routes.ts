import crypto from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import express, { Router, type Request, type RequestHandler, type Response } from 'express';
import type { Logger } from 'pino';
import { InboundListQuerySchema, ReleaseInboundSchema } from '@shared/schemas/inbound';
import { actorOf } from '../../lib/audit-trail';
import { currentAdmin } from '../../lib/auth-guards';
import { AppError } from '../../lib/errors';
import { parse } from '../../lib/validate';
import type { InboundService } from './inbound.service';
import {
  createUnverifiedReads,
  INVALID_SIGNATURE,
  MAX_UNVERIFIED_NOTIFICATIONS,
  readMailgunForm,
  type MailgunSignature,
} from './mailgun-form';

/** Behind requireAdmin: the inbound log. */
export function adminInboundRoutes(service: InboundService): Router {
  const router = Router();
  router.get('/inbound', async (req, res) => {
    res.json(await service.list(parse(InboundListQuerySchema, req.query)));
  });
  router.get('/inbound/summary', async (_req, res) => {
    res.json(await service.summary());
  });
  router.get('/inbound/:id', async (req: Request<{ id: string }>, res) => {
    res.json(await service.find(req.params.id));
  });
  router.get('/inbound/:id/raw', async (req: Request<{ id: string }>, res) => {
    const { raw, filename } = await service.raw(req.params.id);
    res.status(200).set({
      'Content-Type': 'message/rfc822',
      'Content-Disposition': `attachment; filename="${filename}"`,
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'no-store',
    });
    // Streamed from the store: a large message is never held whole to be sent.
    await pipeline(raw, res).catch((error: unknown) => {
      // The admin closed the download: there is nobody left to answer.
      if ((error as NodeJS.ErrnoException).code !== 'ERR_STREAM_PREMATURE_CLOSE') throw error;
    });
  });
  router.post('/inbound/:id/release', async (req: Request<{ id: string }>, res) => {
    const { userId } = parse(ReleaseInboundSchema, req.body);
    res.json(await service.release(actorOf(currentAdmin(res)), req.params.id, userId));
  });
  router.post('/inbound/:id/consultation', async (req: Request<{ id: string }>, res) => {
    res.json(await service.toConsultation(actorOf(currentAdmin(res)), req.params.id));
  });
  return router;
}

/** Equal strings, compared in constant time (of their hashes, so lengths leak nothing). */
export function sameSecret(given: string, expected: string): boolean {
  const digest = (value: string) => crypto.createHash('sha256').update(value).digest();
  return crypto.timingSafeEqual(digest(given), digest(expected));
}

/**
 * Asks for the connection to close once the answer is out, for a request whose body is refused
 * unread: Node then drops the connection instead of reading (and discarding) the rest.
 */
function closeAfterAnswer(res: Response): void {
  res.set('Connection', 'close');
}

/** How far a Mailgun notification's timestamp may be from now (its replay window). */
export const MAILGUN_WINDOW_MS = 5 * 60 * 1000;

export interface InboundWebhookOptions {
  postmark: { user: string; password: string } | undefined;
  mailgun: { signingKey: string; signatureWithinMs: number } | undefined;
  maxBytes: number;
  logger: Logger;
  now?: () => Date;
}

/**
 * The providers' inbound webhooks, mounted before the CSRF check: their servers post here with
 * no cookie and no browser; the basic-auth password (Postmark) or the signature (Mailgun) is the
 * authentication. Without its configuration a provider has no route (404).
 */
export function inboundWebhookRoutes(
  service: Pick<InboundService, 'ingest' | 'useWebhookToken' | 'releaseWebhookToken'>,
  { postmark, mailgun, maxBytes, logger, now = () => new Date() }: InboundWebhookOptions,
): Router {
  const router = Router();
  // A message travels base64-encoded in JSON or form fields: about 4/3 of its size, plus fields.
  const bodyLimit = Math.ceil(maxBytes * 1.4) + 1024 * 1024;

  /** Stores a delivered message; a failure to store answers 503 so the provider retries. */
  async function store(
    raw: Buffer,
    via: 'postmark' | 'mailgun',
    envelope: { envelopeFrom?: string | null; envelopeTo?: string[] },
  ) {
    try {
      return await service.ingest(raw, { via, ...envelope });
    } catch (error) {
      logger.error({ err: error, via }, 'inbound webhook: message not stored, provider will retry');
      throw new AppError(503, 'The message could not be stored; try again later');
    }
  }

  if (postmark) {
    const authorized: RequestHandler = (req, res, next) => {
      const header = req.get('authorization') ?? '';
      const [scheme, encoded] = header.split(' ');
      const decoded =
        scheme?.toLowerCase() === 'basic' && encoded
          ? Buffer.from(encoded, 'base64').toString('utf8')
          : '';
      const colon = decoded.indexOf(':');
      const user = colon === -1 ? '' : decoded.slice(0, colon);
      const password = colon === -1 ? '' : decoded.slice(colon + 1);
      // Both compared, always, so the time taken tells nothing about which one was wrong.
      const userOk = sameSecret(user, postmark.user);
      const passwordOk = sameSecret(password, postmark.password);
      if (userOk && passwordOk) return next();
      // The body is never read: the connection closes once the answer is out.
      closeAfterAnswer(res);
      res.set('WWW-Authenticate', 'Basic realm="inbound"');
      next(new AppError(401, 'Authentication required'));
    };
    router.post(
      '/webhooks/inbound/postmark',
      authorized,
      express.json({ limit: bodyLimit }),
      async (req, res) => {
        const body = (req.body ?? {}) as { RawEmail?: unknown; OriginalRecipient?: unknown };
        if (typeof body.RawEmail !== 'string' || body.RawEmail.length === 0) {
          throw new AppError(
            422,
            'RawEmail is missing: turn on "Include raw email content in JSON payload" in Postmark',
          );
        }
        const raw = Buffer.from(body.RawEmail, 'utf8');
        if (raw.length > maxBytes) throw new AppError(413, 'The message is too large');
        const to =
          typeof body.OriginalRecipient === 'string' && body.OriginalRecipient
            ? [body.OriginalRecipient.toLowerCase()]
            : [];
        const { id, duplicate } = await store(raw, 'postmark', { envelopeTo: to });
        res.json({ id, duplicate });
      },
    );
  }

  if (mailgun) {
    const unverified = createUnverifiedReads(MAX_UNVERIFIED_NOTIFICATIONS);
    /** The signature holds, the timestamp is recent and the token was not used before. */
    const authenticate = async ({ timestamp, token, signature }: MailgunSignature) => {
      const expected = crypto
        .createHmac('sha256', mailgun.signingKey)
        .update(timestamp + token)
        .digest('hex');
      if (!timestamp || !token || !sameSecret(signature.toLowerCase(), expected)) {
        throw new AppError(401, INVALID_SIGNATURE);
      }
      const sentAt = Number(timestamp) * 1000;
      if (!Number.isFinite(sentAt) || Math.abs(now().getTime() - sentAt) > MAILGUN_WINDOW_MS) {
        throw new AppError(406, 'The notification is too old (or from the future)');
      }
      const forgetBefore = new Date(now().getTime() - 2 * MAILGUN_WINDOW_MS);
      if (!(await service.useWebhookToken(token, forgetBefore))) {
        throw new AppError(406, 'This notification was already received');
      }
    };
    const mailgunHandler: RequestHandler = async (req, res) => {
      const leave = unverified.enter();
      if (!leave) {
        closeAfterAnswer(res);
        res.set('Retry-After', '10');
        throw new AppError(503, 'Too many notifications are being read; try again shortly');
      }
      // Taken as soon as the signature held, so a replay is refused before its body is read;
      // given back when the message is not stored after all, so Mailgun's retry is taken.
      let usedToken: string | null = null;
      try {
        const { fields, mime, mimeTooLarge } = await readMailgunForm(req, {
          maxBodyBytes: bodyLimit,
          maxMimeBytes: maxBytes,
          authenticate: async (signature) => {
            await authenticate(signature);
            usedToken = signature.token;
          },
          verified: leave,
          signatureWithinMs: mailgun.signatureWithinMs,
          logger,
        });
        if (mimeTooLarge) throw new AppError(406, 'The message is too large');
        if (!mime || mime.length === 0) {
          throw new AppError(
            422,
            'body-mime is missing: forward to /api/webhooks/inbound/mailgun/mime',
          );
        }
        const recipient = (fields.get('recipient') ?? '').toLowerCase();
        const sender = fields.get('sender') ?? '';
        const { id, duplicate } = await store(mime, 'mailgun', {
          envelopeFrom: sender || null,
          envelopeTo: recipient ? recipient.split(',').map((r) => r.trim()) : [],
        });
        res.json({ id, duplicate });
      } catch (error) {
        if (usedToken) await service.releaseWebhookToken(usedToken).catch(() => undefined);
        // Refused before its end (a bad signature, a replay, too large): the rest is never read.
        if (!req.complete) closeAfterAnswer(res);
        throw error;
      } finally {
        leave();
      }
    };
    // Mailgun posts the raw MIME only to a URL that ends in "mime" (else a parsed form).
    router.post('/webhooks/inbound/mailgun/mime', mailgunHandler);
    router.post('/webhooks/inbound/mailgun', mailgunHandler);
  }
  return router;
}
