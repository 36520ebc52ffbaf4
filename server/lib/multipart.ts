import busboy from 'busboy';
import type { Request, RequestHandler, Response } from 'express';
import { AppError } from './errors';
import { containsNul, NUL_CHARACTER_MESSAGE } from './validate';

/** A file of a multipart form, as far as it was kept. */
export interface UploadedFile {
  filename: string;
  contentType: string;
  bytes: Buffer;
  /** The bytes sent, counted up to the limits; more than `bytes.length` when `cutShort`. */
  size: number;
  /** Over a limit: the file was not kept whole (it is refused by size, never read). */
  cutShort: boolean;
}

export const MAX_FILES_PER_MESSAGE = 10;
export const TOO_MANY_FILES = `At most ${MAX_FILES_PER_MESSAGE} files can be sent with one message.`;

/** The files the multipart form of this request carried (none for a JSON body). */
export function uploadedFiles(res: Response): UploadedFile[] {
  return (res.locals.uploadedFiles as UploadedFile[] | undefined) ?? [];
}

/**
 * Reads a multipart/form-data body: its text fields become `req.body` (for the shared schema,
 * as a JSON body would be), its files `uploadedFiles(res)`. A JSON body passes through. Files
 * are kept in memory up to the limits: a file past the per-file limit, or past what the message
 * may carry, is counted but not kept (`cutShort`), so it can be refused by name.
 */
export function multipartForm(
  limits: () => Promise<{ maxFileBytes: number; maxMessageBytes: number }>,
): RequestHandler {
  return async (req: Request, res: Response, next) => {
    if (!req.is('multipart/form-data')) return next();
    try {
      const { maxFileBytes, maxMessageBytes } = await limits();
      const { fields, files } = await readForm(req, maxFileBytes, maxMessageBytes);
      if (containsNul(fields)) throw new AppError(400, NUL_CHARACTER_MESSAGE);
      req.body = fields;
      res.locals.uploadedFiles = files;
      next();
    } catch (error) {
      next(error);
    }
  };
}

function readForm(req: Request, maxFileBytes: number, maxMessageBytes: number) {
  return new Promise<{ fields: Record<string, string>; files: UploadedFile[] }>(
    (resolve, reject) => {
      let parser: busboy.Busboy;
      try {
        parser = busboy({
          headers: req.headers,
          defParamCharset: 'utf8',
          limits: {
            files: MAX_FILES_PER_MESSAGE,
            fields: 20,
            fieldSize: 100 * 1024,
            parts: MAX_FILES_PER_MESSAGE + 20,
            // One byte more than allowed: a file that reaches it is over the limit.
            fileSize: maxFileBytes + 1,
          },
        });
      } catch {
        reject(new AppError(400, 'The form could not be read'));
        return;
      }
      const fields: Record<string, string> = {};
      const files: UploadedFile[] = [];
      let kept = 0;
      let failed: AppError | null = null;
      const fail = (error: AppError) => {
        failed ??= error;
      };
      parser.on('field', (name, value, info) => {
        if (info.valueTruncated) fail(new AppError(413, `The field ${name} is too long`));
        fields[name] = value;
      });
      parser.on('file', (_name, stream, info) => {
        const chunks: Buffer[] = [];
        let size = 0;
        let cutShort = false;
        const cut = () => {
          cutShort = true;
          kept -= chunks.reduce((sum, chunk) => sum + chunk.length, 0);
          chunks.length = 0;
        };
        stream.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (cutShort) return;
          chunks.push(chunk);
          kept += chunk.length;
          if (kept > maxMessageBytes + 1) cut();
        });
        stream.on('limit', () => {
          if (!cutShort) cut();
        });
        stream.on('end', () => {
          const bytes = cutShort ? Buffer.alloc(0) : Buffer.concat(chunks);
          // A file input left empty still sends a part, without a name or bytes.
          if (!info.filename && size === 0) return;
          files.push({
            filename: info.filename ?? 'attachment',
            contentType: info.mimeType,
            bytes,
            size,
            cutShort,
          });
        });
      });
      parser.on('filesLimit', () => fail(new AppError(413, TOO_MANY_FILES)));
      parser.on('partsLimit', () => fail(new AppError(413, 'The form has too many parts')));
      parser.on('fieldsLimit', () => fail(new AppError(413, 'The form has too many fields')));
      parser.on('error', () => reject(new AppError(400, 'The form could not be read')));
      parser.on('close', () => (failed ? reject(failed) : resolve({ fields, files })));
      req.pipe(parser);
    },
  );
}
