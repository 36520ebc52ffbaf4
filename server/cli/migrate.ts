import { ConfigError } from '../config';
import { DataDirInUseError } from '../db/data-dir-lock';
import { fail, openForCli } from './open-for-cli';

try {
  const cli = await openForCli();
  await cli.close();
  console.log('Database is up to date.');
} catch (error) {
  if (error instanceof ConfigError || error instanceof DataDirInUseError) fail(error.message);
  throw error;
}
