import { createHash, type Hash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { newStorageKey, type FileStorage } from '../../lib/file-storage';
import { MAX_HEADER_BYTES } from './header-block';

/** What the admin is told where an original past its retention was (Settings). */
export const ORIGINAL_GONE =
  'The original e-mail is no longer kept: originals are deleted after the number of days set in Settings (Support e-mail).';

/** Why a message whose original was gone before it could be read was not processed. */
export const NOT_READ_ORIGINAL_GONE = `Not read. ${ORIGINAL_GONE}`;

/** The type the raw messages are stored with (RFC 822). */
const RAW_TYPE = 'message/rfc822';

/** A message as the store keeps it, with what was learnt on the way in. */
export interface StoredRaw {
  key: string;
  size: number;
  /** Of every byte, as stored. */
  sha256: string;
  /** Of the body (after the header block), line breaks left out. */
  bodySha256: string;
  /** The header block (at most MAX_HEADER_BYTES), for the Message-ID and the From. */
  head: Buffer;
}

/** The message went past the most the path takes; nothing of it was kept. */
export class MessageTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`The message is larger than ${maxBytes} bytes`);
    this.name = 'MessageTooLargeError';
  }
}

/** Feeds a hash the bytes of a chunk but its CR and LF. */
function updateWithoutLineBreaks(hash: Hash, chunk: Buffer) {
  let start = 0;
  for (let i = 0; i < chunk.length; i++) {
    const byte = chunk[i];
    if (byte !== 10 && byte !== 13) continue;
    if (i > start) hash.update(chunk.subarray(start, i));
    start = i + 1;
  }
  if (start < chunk.length) hash.update(chunk.subarray(start));
}

/**
 * Where the first blank line ends in `window` (after it), or -1: the earliest `\r\n\r\n` or
 * `\n\n`.
 */
function blankLineEnd(window: Buffer): number {
  const crlf = window.indexOf('\r\n\r\n');
  const lf = window.indexOf('\n\n');
  if (crlf === -1 && lf === -1) return -1;
  if (lf === -1 || (crlf !== -1 && crlf < lf)) return crlf + 4;
  return lf + 2;
}

/** The longest blank line less one byte: what of the bytes before a chunk a search needs. */
const CARRIED = 3;

/**
 * Counts, hashes and passes on a message as it streams by, keeping only its header block;
 * past `maxBytes` it passes nothing more on but still reads to the end (the SMTP session must
 * hear the whole DATA before it can answer 552).
 */
class MessageDigest extends Transform {
  size = 0;
  readonly hash = createHash('sha256');
  readonly bodyHash = createHash('sha256');
  private headChunks: Buffer[] = [];
  private headBytes = 0;
  /** The last bytes searched, for a blank line cut between two chunks. */
  private carried = Buffer.alloc(0);
  head: Buffer | null = null;

  constructor(private readonly maxBytes: number) {
    super();
  }

  get tooLarge() {
    return this.size > this.maxBytes;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
    this.size += chunk.length;
    if (this.tooLarge) return done();
    this.hash.update(chunk);
    if (this.head) {
      updateWithoutLineBreaks(this.bodyHash, chunk);
    } else {
      this.findHeaderEnd(chunk);
    }
    done(null, chunk);
  }

  /**
   * Looks for the blank line in the new bytes only (with the few before them), so a header
   * dribbled in small pieces costs what it weighs, not its size again for every piece.
   */
  private findHeaderEnd(chunk: Buffer) {
    const before = this.headBytes;
    this.headChunks.push(chunk);
    this.headBytes += chunk.length;
    const searched = chunk.subarray(0, Math.max(0, MAX_HEADER_BYTES - before));
    const window = Buffer.concat([this.carried, searched]);
    const found = blankLineEnd(window);
    this.carried = Buffer.from(window.subarray(Math.max(0, window.length - CARRIED)));
    if (found === -1 && this.headBytes < MAX_HEADER_BYTES) return;
    // Without a blank line in reach, the whole message counts as its body.
    const end = found === -1 ? -1 : before - (window.length - searched.length) + found;
    const seen = Buffer.concat(this.headChunks, this.headBytes);
    // Copied: a slice would keep the whole of `seen` (a large chunk with it) alive.
    this.head = Buffer.from(seen.subarray(0, end === -1 ? MAX_HEADER_BYTES : end));
    updateWithoutLineBreaks(this.bodyHash, seen.subarray(end === -1 ? 0 : end));
    this.headChunks = [];
    this.carried = Buffer.alloc(0);
  }

  override _flush(done: TransformCallback) {
    if (!this.head) {
      const seen = Buffer.concat(this.headChunks);
      this.head = seen;
      updateWithoutLineBreaks(this.bodyHash, seen);
      this.headChunks = [];
    }
    done();
  }
}

/**
 * The raw support e-mails, in the file store the attachments use (DATA_DIR/inbound-mail, or the
 * bucket's `inbound-mail/`): the database keeps only each one's key, size and hash. A message
 * is written as it streams in (spooled in `spoolDir`, a folder of this machine, then handed to
 * the store), so it is never held whole in memory on its way in.
 */
export function createRawMessages({
  storage,
  spoolDir,
}: {
  storage: FileStorage;
  /** Where a message is written while it streams in; on disk, the store's own folder. */
  spoolDir: string;
}) {
  return {
    /**
     * Stores the message (a stream, or bytes already in hand) under a new key, hashing it on
     * the way. Past `maxBytes` nothing is kept and MessageTooLargeError is thrown.
     */
    async write(source: Readable | Buffer, maxBytes = Infinity): Promise<StoredRaw> {
      const key = newStorageKey();
      // Named as the disk store names its partial files, so its orphan sweep clears a crash's.
      const spool = path.join(spoolDir, `${key}.partial-${process.pid}`);
      const digest = new MessageDigest(maxBytes);
      const input = Buffer.isBuffer(source) ? Readable.from([source]) : source;
      // Joined before anything is awaited: a sender who drops the connection while the spool is
      // made must still end the digest (smtp-server destroys the DATA stream with an error only
      // for a listener, and silently otherwise), or the store would wait, its file open, for ever.
      // Piped, not put in the pipeline: a failure to write never destroys the source, which is
      // the SMTP session's DATA (the listener drains it and answers 451).
      input.once('error', (error) => digest.destroy(error));
      // Until the pipeline below takes the digest over, its error waits on it (the pipeline
      // reads it from the destroyed stream) rather than being thrown by pipe().
      digest.on('error', () => undefined);
      input.once('close', () => {
        if (!input.readableEnded) digest.destroy(new Error('The message closed before its end'));
      });
      input.pipe(digest);
      try {
        await fs.mkdir(spoolDir, { recursive: true });
        // On disk the spool becomes the stored copy, which SMTP's 250 promises to keep: it is
        // synced before it is closed (S3 keeps its own copy before it answers).
        await pipeline(digest, createWriteStream(spool, { flush: storage.kind === 'disk' }));
        if (digest.tooLarge) throw new MessageTooLargeError(maxBytes);
        await storage.putFile(key, spool, RAW_TYPE);
      } catch (error) {
        digest.destroy();
        await fs.rm(spool, { force: true });
        throw error;
      }
      return {
        key,
        size: digest.size,
        sha256: digest.hash.digest('hex'),
        bodySha256: digest.bodyHash.digest('hex'),
        head: digest.head ?? Buffer.alloc(0),
      };
    },

    /** The message as a stream, or null when it is no longer kept. */
    stream: (key: string) => storage.stream(key),

    /** The whole message in memory, for the readers that need it whole (mailauth, mailparser). */
    async read(key: string): Promise<Buffer | null> {
      const stream = await storage.stream(key);
      if (!stream) return null;
      return Buffer.concat(await stream.toArray());
    },

    /** Whether the message is still stored under the key. */
    has: (key: string) => storage.has(key),

    delete: (key: string) => storage.delete(key),

    /** The keys of stored messages written before `before` (the orphan sweep's candidates). */
    keysOlderThan: (before: Date) => storage.keysOlderThan(before),

    /** Removes what a crash left in the spool folder before `before`; answers how many. */
    async removeStaleSpool(before: Date): Promise<number> {
      const names = await fs.readdir(spoolDir).catch(() => []);
      let removed = 0;
      for (const name of names) {
        if (!name.includes('.partial-')) continue;
        const file = path.join(spoolDir, name);
        const stat = await fs.stat(file).catch(() => null);
        if (stat && stat.mtime < before) {
          await fs.rm(file, { force: true });
          removed += 1;
        }
      }
      return removed;
    },
  };
}
export type RawMessages = ReturnType<typeof createRawMessages>;
