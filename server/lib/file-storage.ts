import crypto from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import type { S3Config } from '../config';

/**
 * Where the bytes of attachments (and the raw support e-mails) live: a folder on disk
 * (DATA_DIR/attachments, DATA_DIR/inbound-mail) by default, an S3-compatible bucket when
 * S3_BUCKET is set. Keys are made here (`newKey`), never taken from a request, so a key cannot
 * name a path outside the store.
 */
export interface FileStorage {
  readonly kind: 'disk' | 's3';
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /**
   * Stores a finished file of this machine under the key, without reading it into memory, and
   * removes the file (on disk it is moved, so keep it in the store's folder's file system;
   * the caller syncs the file, this the folder after the move).
   */
  putFile(key: string, file: string, contentType: string): Promise<void>;
  /** The bytes, or null when nothing is stored under the key. */
  get(key: string): Promise<Buffer | null>;
  /** The bytes as a stream (never all in memory at once), or null when none are stored. */
  stream(key: string): Promise<Readable | null>;
  /** Whether something is stored under the key. */
  has(key: string): Promise<boolean>;
  /** Removes the object; nothing happens when there is none. */
  delete(key: string): Promise<void>;
  /** The keys of objects last written before `before` (the orphan sweep's candidates). */
  keysOlderThan(before: Date): Promise<string[]>;
}

/** The store did not answer or refused: nothing can be saved or read now. */
export class StorageUnavailableError extends Error {
  constructor(cause: unknown) {
    super(`File storage unavailable: ${cause instanceof Error ? cause.message : String(cause)}`, {
      cause,
    });
    this.name = 'StorageUnavailableError';
  }
}

const KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A fresh key for a new object. */
export function newStorageKey(): string {
  return crypto.randomUUID();
}

function checkedKey(key: string): string {
  if (!KEY.test(key)) throw new Error(`Not a storage key: ${key}`);
  return key;
}

async function unavailableOnError<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw new StorageUnavailableError(error);
  }
}

/** Writes a file's (or a folder's) data and metadata through to the disk. */
async function syncToDisk(name: string): Promise<void> {
  // Windows opens no folder as a file; its file system journals a rename itself.
  if (process.platform === 'win32') return;
  const handle = await fs.open(name, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * A folder of this machine. A write is durable once it resolves (the file synced, renamed, and
 * the folder synced), as a database's commit is: a message answered 250 survives a power cut.
 */
export function createDiskStorage(dir: string): FileStorage {
  const file = (key: string) => path.join(dir, checkedKey(key));
  return {
    kind: 'disk',
    async putFile(key, source) {
      const target = file(key);
      await unavailableOnError(async () => {
        await fs.mkdir(dir, { recursive: true });
        try {
          await fs.rename(source, target);
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
          // Another file system: copied aside, then renamed, so a reader never sees half.
          const partial = `${target}.partial-${process.pid}`;
          await fs.copyFile(source, partial);
          await syncToDisk(partial);
          await fs.rename(partial, target);
          await fs.rm(source, { force: true });
        }
        await syncToDisk(dir);
      });
    },
    async stream(key) {
      try {
        const handle = await fs.open(file(key), 'r');
        return handle.createReadStream();
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw new StorageUnavailableError(error);
      }
    },
    async has(key) {
      try {
        await fs.access(file(key));
        return true;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
        throw new StorageUnavailableError(error);
      }
    },
    async put(key, bytes) {
      const target = file(key);
      await unavailableOnError(async () => {
        await fs.mkdir(dir, { recursive: true });
        // Written aside, then renamed: a reader never sees half a file.
        const partial = `${target}.partial-${process.pid}`;
        await fs.writeFile(partial, bytes, { flush: true });
        await fs.rename(partial, target);
        await syncToDisk(dir);
      });
    },
    async get(key) {
      try {
        return await fs.readFile(file(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw new StorageUnavailableError(error);
      }
    },
    async delete(key) {
      await unavailableOnError(() => fs.rm(file(key), { force: true }));
    },
    async keysOlderThan(before) {
      let names: string[];
      try {
        names = await fs.readdir(dir);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
        throw new StorageUnavailableError(error);
      }
      const old: string[] = [];
      for (const name of names) {
        // Partial files of a crashed write are orphans too: they carry the key's prefix.
        const key = name.split('.partial-')[0] ?? name;
        if (!KEY.test(key)) continue;
        const stat = await fs.stat(path.join(dir, name)).catch(() => null);
        if (stat && stat.mtime < before) {
          if (name === key) old.push(key);
          else await fs.rm(path.join(dir, name), { force: true });
        }
      }
      return old;
    },
  };
}

function isNotFound(error: unknown): boolean {
  const name = (error as { name?: string }).name;
  const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  return name === 'NoSuchKey' || name === 'NotFound' || status === 404;
}

/**
 * The bucket of S3Config; `keyPrefix` keeps a kind of object in a folder of its own (the raw
 * e-mails' `inbound-mail/`), out of the way of the attachments' orphan sweep, which only looks
 * at keys without a prefix.
 */
export function createS3Storage(config: S3Config, keyPrefix = ''): FileStorage {
  // The SDK is loaded with the first call to the bucket, not with every process (and API test
  // file) that never makes one: it is the largest package the server imports.
  let connected:
    Promise<{ sdk: typeof import('@aws-sdk/client-s3'); client: S3Client }> | undefined;
  const s3 = () =>
    (connected ??= import('@aws-sdk/client-s3').then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        region: config.region,
        endpoint: config.endpoint,
        credentials: config.credentials,
        forcePathStyle: config.forcePathStyle,
        // A store that is down answers the upload quickly with a clear refusal, not after minutes.
        maxAttempts: 2,
        // A streamed upload would otherwise go aws-chunked with a checksum trailer, which many
        // S3-compatible stores (and s3rver) take as part of the object.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        requestHandler: { connectionTimeout: 5_000, requestTimeout: 60_000 },
      }),
    })));
  const Bucket = config.bucket;
  const objectKey = (key: string) => `${keyPrefix}${checkedKey(key)}`;
  return {
    kind: 's3',
    async put(key, bytes, contentType) {
      const { sdk, client } = await s3();
      await unavailableOnError(() =>
        client.send(
          new sdk.PutObjectCommand({
            Bucket,
            Key: objectKey(key),
            Body: bytes,
            ContentType: contentType,
            ContentLength: bytes.length,
          }),
        ),
      );
    },
    async putFile(key, file, contentType) {
      const { sdk, client } = await s3();
      await unavailableOnError(async () => {
        const { size } = await fs.stat(file);
        const body = createReadStream(file);
        try {
          await client.send(
            new sdk.PutObjectCommand({
              Bucket,
              Key: objectKey(key),
              Body: body,
              ContentType: contentType,
              ContentLength: size,
            }),
          );
        } finally {
          // An upload that failed (the bucket down) never reads the file to its end, which
          // would keep it open for good.
          body.destroy();
        }
      });
      await fs.rm(file, { force: true });
    },
    async get(key) {
      const { sdk, client } = await s3();
      try {
        const answer = await client.send(new sdk.GetObjectCommand({ Bucket, Key: objectKey(key) }));
        if (!answer.Body) return null;
        return Buffer.from(await answer.Body.transformToByteArray());
      } catch (error) {
        if (isNotFound(error)) return null;
        throw new StorageUnavailableError(error);
      }
    },
    async stream(key) {
      const { sdk, client } = await s3();
      try {
        const answer = await client.send(new sdk.GetObjectCommand({ Bucket, Key: objectKey(key) }));
        // In Node.js the SDK's body is the HTTP response itself, a Readable.
        return (answer.Body as Readable | undefined) ?? null;
      } catch (error) {
        if (isNotFound(error)) return null;
        throw new StorageUnavailableError(error);
      }
    },
    async has(key) {
      const { sdk, client } = await s3();
      try {
        await client.send(new sdk.HeadObjectCommand({ Bucket, Key: objectKey(key) }));
        return true;
      } catch (error) {
        if (isNotFound(error)) return false;
        throw new StorageUnavailableError(error);
      }
    },
    async delete(key) {
      const { sdk, client } = await s3();
      await unavailableOnError(() =>
        client.send(new sdk.DeleteObjectCommand({ Bucket, Key: objectKey(key) })),
      );
    },
    async keysOlderThan(before) {
      const { sdk, client } = await s3();
      const old: string[] = [];
      let ContinuationToken: string | undefined;
      do {
        const page = await unavailableOnError(() =>
          client.send(
            new sdk.ListObjectsV2Command({
              Bucket,
              ContinuationToken,
              ...(keyPrefix && { Prefix: keyPrefix }),
            }),
          ),
        );
        for (const object of page.Contents ?? []) {
          const key = object.Key?.slice(keyPrefix.length);
          if (
            key &&
            object.Key?.startsWith(keyPrefix) &&
            KEY.test(key) &&
            object.LastModified &&
            object.LastModified < before
          ) {
            old.push(key);
          }
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return old;
    },
  };
}

/**
 * The store the configuration names: the bucket when S3_BUCKET is set (its objects under
 * `keyPrefix`), else the folder.
 */
export function createFileStorage(config: {
  dir: string;
  s3: S3Config | undefined;
  keyPrefix?: string;
}): FileStorage {
  return config.s3 ? createS3Storage(config.s3, config.keyPrefix) : createDiskStorage(config.dir);
}
