import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '@tests/support/test-database';
import { openDatabase, type DatabaseHandle } from './client';
import { DataDirInUseError } from './data-dir-lock';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe('the database handle', () => {
  it('runs parameterless multi-statement scripts and parameterised queries through executeSql', async () => {
    await database.executeSql('create table probe (n int); insert into probe values (1), (2);');
    const result = await database.executeSql(
      'select sum(n)::int as total from probe where n >= $1',
      [1],
    );
    expect(result.rows).toEqual([{ total: 3 }]);
  });

  it('serves pg-boss: it installs its schema, takes a job and hands it to a worker', async () => {
    const boss = new PgBoss({
      db: { executeSql: (text: string, values?: unknown[]) => database.executeSql(text, values) },
    });
    boss.on('error', () => {});
    await boss.start();
    try {
      await boss.createQueue('probe-queue');
      const id = await boss.send('probe-queue', { hello: 'bayou' });
      expect(id).toBeTruthy();
      const jobs = await boss.fetch<{ hello: string }>('probe-queue');
      expect(jobs.map((job) => job.data)).toEqual([{ hello: 'bayou' }]);
      await boss.complete('probe-queue', jobs[0]!.id);
      const job = await boss.getJobById('probe-queue', jobs[0]!.id);
      expect(job?.state).toBe('completed');
    } finally {
      await boss.stop({ graceful: false, wait: true });
    }
  });
});

describe('the embedded database directory', () => {
  it('keeps data across a close and reopen', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pglite-'));
    try {
      const first = await openDatabase({ dataDir: dir });
      await first.migrate();
      await first.executeSql('insert into secrets (name, value) values ($1, \'"kept"\'::jsonb)', [
        'probe',
      ]);
      await first.close();
      const second = await openDatabase({ dataDir: dir });
      const { rows } = await second.executeSql('select value from secrets where name = $1', [
        'probe',
      ]);
      expect(rows).toEqual([{ value: 'kept' }]);
      await second.close();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a second process while one holds it, and takes over a stale lock', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pglite-'));
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    try {
      fs.writeFileSync(path.join(dir, 'server.lock'), String(holder.pid));
      await expect(openDatabase({ dataDir: dir })).rejects.toThrow(DataDirInUseError);
      await expect(openDatabase({ dataDir: dir })).rejects.toThrow(/Stop the server first/);

      holder.kill('SIGKILL');
      await new Promise((resolve) => holder.once('exit', resolve));
      const reopened = await openDatabase({ dataDir: dir });
      expect(fs.readFileSync(path.join(dir, 'server.lock'), 'utf8')).toBe(String(process.pid));
      await reopened.close();
      expect(fs.existsSync(path.join(dir, 'server.lock'))).toBe(false);
    } finally {
      holder.kill('SIGKILL');
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
