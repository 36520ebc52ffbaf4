import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createDiskStorage } from '../../server/lib/file-storage';
import { createRawMessages, type RawMessages } from '../../server/features/inbound/raw-messages';

/**
 * A store of raw e-mails in a folder of its own, for a test that builds the inbound ingest on
 * its own database; `remove` deletes the folder.
 */
export function scratchRawMessages(): RawMessages & { dir: string; remove(): void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'raw-messages-'));
  return {
    ...createRawMessages({ storage: createDiskStorage(dir), spoolDir: dir }),
    dir,
    remove: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}
