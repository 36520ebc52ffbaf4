export const root: string;
export const chromePath: string;
export const chromiumFlags: string[];
export function median(values: number[]): number;
export function gzipKb(...files: string[]): number;
export function buildApp(): void;
export function startBuiltApp(
  name: string,
  prepare?: (env: NodeJS.ProcessEnv) => void,
): Promise<{ baseUrl: string; stop: () => Promise<void> }>;
export function writeResult(name: string, summary: unknown): void;
export function writePerformanceSection(name: string, section: string): void;
