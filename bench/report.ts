import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/** A process's resident memory in MB, read from /proc (Linux). */
export function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
}

/**
 * Puts a benchmark's section into docs/performance.md between its `<!-- bench:NAME -->`
 * markers (the section includes them), replacing the last run's, or at the end the first time.
 */
export function writePerformanceSection(name: string, section: string): void {
  const docPath = path.join(root, 'docs/performance.md');
  const doc = fs.readFileSync(docPath, 'utf8');
  const pattern = new RegExp(`<!-- bench:${name} -->[\\s\\S]*<!-- /bench:${name} -->`);
  fs.writeFileSync(
    docPath,
    pattern.test(doc) ? doc.replace(pattern, () => section) : `${doc.trimEnd()}\n\n${section}\n`,
  );
}
