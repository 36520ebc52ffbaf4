import { Writable } from 'node:stream';
import { createLogger } from '../../server/lib/logger';

/** A logger as the server makes it, writing its lines where a test can read them. */
export function capturedLogger(level = 'info') {
  const lines: string[] = [];
  const logger = createLogger(
    level,
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    }),
  );
  return { logger, lines };
}
