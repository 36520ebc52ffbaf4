import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CLAMD_MISSING,
  clamdInstalled,
  EICAR,
  EICAR_SIGNATURE,
  freePort,
  startClamd,
  startHangingScanner,
  type ClamdDaemon,
} from '@tests/support/clamd-daemon';
import { createClamdScanner, ScannerUnavailableError } from './clamd';

if (!clamdInstalled) console.warn(`Skipping the clamd tests: ${CLAMD_MISSING}`);

describe.skipIf(!clamdInstalled)("the INSTREAM client against Debian's clamd", () => {
  let clamd: ClamdDaemon;
  beforeAll(async () => {
    clamd = await startClamd();
  }, 60_000);
  afterAll(async () => {
    await clamd?.stop();
  });

  it('finds the EICAR file, by name, and passes a clean one', async () => {
    const scanner = createClamdScanner({ host: '127.0.0.1', port: clamd.port, timeoutMs: 10_000 });
    expect(await scanner.scan(EICAR)).toEqual({ infected: true, signature: EICAR_SIGNATURE });
    expect(await scanner.scan(Buffer.from('Opening hours: 9 to 5\n'))).toEqual({
      infected: false,
    });
    // Over several INSTREAM chunks.
    expect((await scanner.scan(Buffer.alloc(300 * 1024, 7))).infected).toBe(false);
  });
});

describe('a scanner that cannot answer', () => {
  it('is unavailable when nothing listens', async () => {
    const scanner = createClamdScanner({
      host: '127.0.0.1',
      port: await freePort(),
      timeoutMs: 5_000,
    });
    await expect(scanner.scan(EICAR)).rejects.toBeInstanceOf(ScannerUnavailableError);
  });

  it('is unavailable when it never answers', async () => {
    const hanging = await startHangingScanner();
    try {
      const port = Number(new URL(hanging.url).port);
      const scanner = createClamdScanner({ host: '127.0.0.1', port, timeoutMs: 300 });
      await expect(scanner.scan(EICAR)).rejects.toThrow(/no answer within/);
    } finally {
      await hanging.close();
    }
  });
});
