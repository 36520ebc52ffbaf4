import fs from 'node:fs';

/** A process's resident memory in MB, read from /proc (Linux). */
export function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
}

export { writePerformanceSection, writeResult } from './built-app.mjs';
