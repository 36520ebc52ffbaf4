export const LANDING_JS_BUDGET_KB: number;
export function landingScripts(clientDir: string): { file: string; gzipBytes: number }[];
