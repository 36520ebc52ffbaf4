import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

export interface S3StandIn {
  /** http://127.0.0.1:PORT */
  endpoint: string;
  bucket: string;
  /** The environment that points the app at it. */
  env: Record<string, string>;
  /** Stops it (the S3 outage of a test); `start` brings it back on the same port and files. */
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

/** s3rver, a local server speaking the S3 protocol, on a free port with one bucket. */
export async function startS3StandIn(bucket = 'attachments'): Promise<S3StandIn> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 's3rver-'));
  let port = 0;
  let server: S3rver | null = null;
  const start = async () => {
    server = new S3rver({
      address: '127.0.0.1',
      port,
      directory,
      silent: true,
      configureBuckets: [{ name: bucket }],
    });
    port = (await server.run()).port;
  };
  const stop = async () => {
    await server?.close();
    server = null;
  };
  await start();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      // s3rver's fixed credentials.
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    stop,
    start,
    async close() {
      await stop();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
