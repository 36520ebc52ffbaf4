import { readPageSignals } from './page-signals';
import { detectTechnology } from './technology';

export interface PageToRead {
  body: string;
  headers: Record<string, string>;
  /** The current year, for the copyright line (passed in: the clock is the main thread's). */
  year: number;
}

/** The CPU work on a fetched home page: its signals and the technology that made it. */
export function readPage({ body, headers, year }: PageToRead) {
  return { ...readPageSignals(body, year), technology: detectTechnology(body, headers) };
}
export type PageReading = ReturnType<typeof readPage>;
