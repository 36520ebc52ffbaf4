import { ConfigError } from '../config';
import { DataDirInUseError } from '../db/data-dir-lock';
import { fail, openConfiguredDatabase } from './open-for-cli';

try {
  const database = await openConfiguredDatabase();
  await database.close();
  console.log('Database is up to date.');
} catch (error) {
  if (error instanceof ConfigError || error instanceof DataDirInUseError) fail(error.message);
  throw error;
}
