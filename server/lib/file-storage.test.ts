import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3StandIn, type S3StandIn } from '@tests/support/s3-stand-in';
import { loadConfig } from '../config';
import {
  createDiskStorage,
  createFileStorage,
  newStorageKey,
  StorageUnavailableError,
  type FileStorage,
} from './file-storage';

let s3: S3StandIn;
let dir: string;
beforeAll(async () => {
  s3 = await startS3StandIn();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'files-'));
});
afterAll(async () => {
  await s3.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const stores: Array<[string, () => FileStorage]> = [
  ['local disk', () => createDiskStorage(dir)],
  // Built from the environment as the server builds it: S3_BUCKET selects S3.
  ['S3 (s3rver)', () => createFileStorage(loadConfig({ ...s3.env, NODE_ENV: 'test' }).attachments)],
];

describe.each(stores)('file storage on %s', (_name, make) => {
  it('keeps the bytes under a key, answers null for none, and deletes', async () => {
    const storage = make();
    const key = newStorageKey();
    const bytes = Buffer.from([0, 1, 2, 255, 254, 10, 13]);
    await storage.put(key, bytes, 'application/octet-stream');
    expect(await storage.get(key)).toEqual(bytes);
    expect(await storage.get(newStorageKey())).toBeNull();
    expect(await storage.has(key)).toBe(true);
    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
    expect(await storage.has(key)).toBe(false);
    await storage.delete(key);
  });

  it('lists the keys written before a time, for the orphan sweep', async () => {
    const storage = make();
    const key = newStorageKey();
    await storage.put(key, Buffer.from('x'), 'text/plain');
    expect(await storage.keysOlderThan(new Date(Date.now() + 60_000))).toContain(key);
    expect(await storage.keysOlderThan(new Date(Date.now() - 60_000))).not.toContain(key);
    await storage.delete(key);
  });

  it('stores a file of this machine without reading it whole, and streams it back', async () => {
    const storage = make();
    const key = newStorageKey();
    const file = path.join(dir, `upload-${key}`);
    fs.writeFileSync(file, 'streamed bytes');
    await storage.putFile(key, file, 'message/rfc822');
    expect(fs.existsSync(file)).toBe(false);
    const stream = await storage.stream(key);
    expect(Buffer.concat(await stream!.toArray()).toString()).toBe('streamed bytes');
    expect(await storage.stream(newStorageKey())).toBeNull();
    await storage.delete(key);
  });

  it('refuses a key it did not make (no path outside the store)', async () => {
    await expect(make().put('../escape', Buffer.from('x'), 'text/plain')).rejects.toThrow(
      /Not a storage key/,
    );
  });
});

describe('two stores in one bucket', () => {
  it("keeps the prefixed store's objects out of the other's reads and orphan listing", async () => {
    const { attachments } = loadConfig({ ...s3.env, NODE_ENV: 'test' });
    const files = createFileStorage(attachments);
    const mail = createFileStorage({ ...attachments, keyPrefix: 'inbound-mail/' });
    const key = newStorageKey();
    await mail.put(key, Buffer.from('raw e-mail'), 'message/rfc822');
    const future = new Date(Date.now() + 60_000);
    expect(await files.keysOlderThan(future)).not.toContain(key);
    expect(await files.get(key)).toBeNull();
    expect(await mail.keysOlderThan(future)).toContain(key);
    expect((await mail.get(key))?.toString()).toBe('raw e-mail');
    await mail.delete(key);
  });
});

describe('S3 down', () => {
  it('fails with StorageUnavailableError, and works again when S3 is back', async () => {
    const storage = createFileStorage(loadConfig({ ...s3.env, NODE_ENV: 'test' }).attachments);
    const key = newStorageKey();
    await s3.stop();
    try {
      await expect(storage.put(key, Buffer.from('x'), 'text/plain')).rejects.toBeInstanceOf(
        StorageUnavailableError,
      );
      await expect(storage.get(key)).rejects.toBeInstanceOf(StorageUnavailableError);
    } finally {
      await s3.start();
    }
    await storage.put(key, Buffer.from('back'), 'text/plain');
    expect((await storage.get(key))?.toString()).toBe('back');
  });

  it('closes the file of an upload that failed, so failures do not use up descriptors', async () => {
    const storage = createFileStorage(loadConfig({ ...s3.env, NODE_ENV: 'test' }).attachments);
    const file = path.join(dir, 'upload-while-down');
    fs.writeFileSync(file, 'raw e-mail');
    const descriptors = () => fs.readdirSync('/proc/self/fd').length;
    await s3.stop();
    try {
      const before = descriptors();
      for (let n = 0; n < 5; n++) {
        await expect(
          storage.putFile(newStorageKey(), file, 'message/rfc822'),
        ).rejects.toBeInstanceOf(StorageUnavailableError);
      }
      expect(descriptors()).toBeLessThanOrEqual(before);
      expect(fs.existsSync(file)).toBe(true);
    } finally {
      await s3.start();
      fs.rmSync(file, { force: true });
    }
  });
});
