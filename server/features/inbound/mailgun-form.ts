import crypto from 'node:crypto';
import fs from 'node:fs';
import type { IncomingMessage } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import busboy from 'busboy';
import type { Logger } from 'pino';
import { AppError } from '../../lib/errors';

/** The fields that sign a Mailgun notification: an HMAC of timestamp + token. */
export interface MailgunSignature {
  timestamp: string;
  token: string;
  signature: string;
}

/** A signed notification as read: its text fields (the first of each name) and body-mime. */
export interface MailgunForm {
  fields: Map<string, string>;
  /** body-mime as sent, or null when the form has none. */
  mime: Buffer | null;
  /** body-mime is longer than the message limit: not kept. */
  mimeTooLarge: boolean;
}

/**
 * How many notifications may be read at once before their signature is checked: each holds
 * at most UNVERIFIED_MEMORY_BYTES of memory (the rest waits on disk), so unsigned posts
 * together hold about a megabyte. Mailgun tries again later when it gets a 503.
 */
export const MAX_UNVERIFIED_NOTIFICATIONS = 4;
/** What one notification may keep in memory before its signature is checked. */
export const UNVERIFIED_MEMORY_BYTES = 256 * 1024;
/** Longer than any timestamp, token or signature: a longer one is cut here and fails the check. */
const SIGNATURE_FIELD_BYTES = 1024;
export const INVALID_SIGNATURE = 'Invalid signature';

const SIGNATURE_FIELDS = new Set(['timestamp', 'token', 'signature']);

/**
 * A counter of the notifications being read unverified: `enter` answers how to leave (once,
 * however often it is called), or null when all places are taken.
 */
export function createUnverifiedReads(limit: number) {
  let reading = 0;
  return {
    enter(): (() => void) | null {
      if (reading >= limit) return null;
      reading += 1;
      let left = false;
      return () => {
        if (left) return;
        left = true;
        reading -= 1;
      };
    },
  };
}

/**
 * Where a notification's bytes wait until the form is read whole: in memory up to a bound,
 * then in a file of the temporary directory (TMPDIR), removed by `dispose`.
 */
class Spool {
  private chunks: Buffer[] = [];
  private held = 0;
  private file: fs.promises.FileHandle | null = null;
  private readonly filePath = path.join(os.tmpdir(), `mailgun-${crypto.randomUUID()}.part`);

  constructor(private memoryBytes: number) {}

  async add(chunk: Buffer): Promise<void> {
    if (!this.file && this.held + chunk.length <= this.memoryBytes) {
      this.chunks.push(chunk);
      this.held += chunk.length;
      return;
    }
    if (!this.file) {
      this.file = await fs.promises.open(this.filePath, 'wx', 0o600);
      for (const held of this.chunks) await this.file.write(held);
      this.chunks = [];
      this.held = 0;
    }
    await this.file.write(chunk);
  }

  /** Signed: what follows may stay in memory (unless it already goes to the file). */
  trust(): void {
    this.memoryBytes = Infinity;
  }

  async stream(): Promise<Readable> {
    if (!this.file) return Readable.from(this.chunks);
    await this.file.close();
    this.file = null;
    return fs.createReadStream(this.filePath);
  }

  async dispose(): Promise<void> {
    this.chunks = [];
    await this.file?.close().catch(() => undefined);
    await fs.promises.rm(this.filePath, { force: true });
  }
}

/**
 * The request's body, chunk by chunk. Not destroyed when the reading stops early: a refusal is
 * answered before the connection closes. The sender going away mid-body is a 400.
 */
async function* bodyOf(req: IncomingMessage): AsyncGenerator<Buffer> {
  try {
    for await (const chunk of req.iterator({ destroyOnReturn: false })) yield chunk as Buffer;
  } catch {
    throw new AppError(400, 'The notification was cut short');
  }
}

function formParser(req: IncomingMessage, limits: busboy.Limits): busboy.Busboy {
  try {
    return busboy({ headers: req.headers, defParamCharset: 'utf8', limits });
  } catch {
    // Anything but a form carries no signature.
    throw new AppError(401, INVALID_SIGNATURE);
  }
}

/**
 * Reads a Mailgun notification (multipart or urlencoded) as it streams in, and has
 * `authenticate` check its signature as soon as timestamp, token and signature have come,
 * whatever the order of the fields: a bad one (it throws) ends the reading at once, with the
 * rest of the body unread. Until then the bytes are kept within UNVERIFIED_MEMORY_BYTES of
 * memory and the rest spooled to disk; `verified` is called once the signature holds. The
 * whole body may be `maxBodyBytes` long, body-mime `maxMimeBytes`. A sender that has not
 * brought its signature within `signatureWithinMs` is cut off (the connection dropped, no
 * answer), so a slow one cannot hold an unverified place until the request times out. It
 * needs only node's message (its headers and its stream), so express stays in the routes.
 */
export async function readMailgunForm(
  req: IncomingMessage,
  {
    maxBodyBytes,
    maxMimeBytes,
    authenticate,
    verified,
    signatureWithinMs,
    logger,
  }: {
    logger: Logger;
    signatureWithinMs: number;
    maxBodyBytes: number;
    maxMimeBytes: number;
    authenticate: (signature: MailgunSignature) => Promise<void>;
    verified: () => void;
  },
): Promise<MailgunForm> {
  const tooLarge = () => new AppError(413, 'The notification is too large');
  if (Number(req.headers['content-length'] ?? 0) > maxBodyBytes) throw tooLarge();

  const signature = new Map<string, string>();
  let unreadable = false;
  const scanner = formParser(req, { fieldSize: SIGNATURE_FIELD_BYTES });
  scanner.on('field', (name, value, info) => {
    // A value cut at the limit is no signature field of Mailgun's: it fails the check.
    if (SIGNATURE_FIELDS.has(name) && !signature.has(name)) {
      signature.set(name, info.valueTruncated ? '' : value);
    }
  });
  scanner.on('error', () => {
    unreadable = true;
  });
  let signed = false;
  const checkSignature = async () => {
    if (signed || signature.size < SIGNATURE_FIELDS.size) return;
    await authenticate({
      timestamp: signature.get('timestamp')!,
      token: signature.get('token')!,
      signature: signature.get('signature')!,
    });
    signed = true;
    verified();
  };

  const spool = new Spool(UNVERIFIED_MEMORY_BYTES);
  const tooSlow = setTimeout(() => {
    if (signed) return;
    logger.warn({ signatureWithinMs }, 'inbound webhook: no signature in time, connection dropped');
    req.destroy();
  }, signatureWithinMs);
  try {
    let received = 0;
    for await (const chunk of bodyOf(req)) {
      received += chunk.length;
      if (received > maxBodyBytes) throw tooLarge();
      if (!signed) {
        if (!unreadable) scanner.write(chunk);
        await checkSignature();
        if (signed) spool.trust();
      }
      await spool.add(chunk).catch((error: unknown) => {
        logger.error({ err: error }, 'inbound webhook: notification not spooled to disk');
        throw new AppError(503, 'The notification could not be read; try again later');
      });
    }
    if (!signed) {
      scanner.end();
      await finished(scanner).catch(() => undefined);
      await checkSignature();
      if (!signed) throw new AppError(401, INVALID_SIGNATURE);
    }
    return await readSigned(req, await spool.stream(), maxMimeBytes);
  } finally {
    clearTimeout(tooSlow);
    scanner.destroy();
    await spool.dispose();
  }
}

/** The whole form of a notification whose signature held: body-mime kept up to its limit. */
function readSigned(
  req: IncomingMessage,
  body: Readable,
  maxMimeBytes: number,
): Promise<MailgunForm> {
  return new Promise((resolve, reject) => {
    const parser = formParser(req, { fieldSize: maxMimeBytes + 1, fileSize: maxMimeBytes + 1 });
    const fields = new Map<string, string>();
    let mime: Buffer | null = null;
    let mimeTooLarge = false;
    parser.on('field', (name, value, info) => {
      if (name === 'body-mime') {
        if (mime !== null || mimeTooLarge) return;
        if (info.valueTruncated) mimeTooLarge = true;
        else mime = Buffer.from(value, 'utf8');
      } else if (!fields.has(name)) {
        fields.set(name, value);
      }
    });
    // body-mime sent as a file part; the attachments of a parsed notification are not kept.
    parser.on('file', (name, stream) => {
      if (name !== 'body-mime' || mime !== null || mimeTooLarge) {
        stream.resume();
        return;
      }
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('limit', () => {
        mimeTooLarge = true;
      });
      stream.on('end', () => {
        if (!mimeTooLarge) mime = Buffer.concat(chunks);
      });
    });
    parser.on('error', () => {
      // The spooled form is read no further: its file is closed now, not left open.
      body.unpipe(parser);
      body.destroy();
      reject(new AppError(400, 'The form could not be read'));
    });
    parser.on('close', () => resolve({ fields, mime, mimeTooLarge }));
    body.on('error', reject);
    body.pipe(parser);
  });
}
