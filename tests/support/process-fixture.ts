import { afterAll, beforeAll } from 'vitest';
import { processDatabase, type ProcessDatabase, type ServerProcess } from './server-process';

/**
 * One server process per test file on its own database: `database` before the tests, `server`
 * as the test sets it; both ended after the file.
 */
export function useProcessDatabase() {
  const state = {} as { database: ProcessDatabase; server?: ServerProcess };
  beforeAll(async () => {
    state.database = await processDatabase();
  });
  afterAll(async () => {
    await state.server?.kill();
    await state.database?.drop();
  });
  return state;
}
