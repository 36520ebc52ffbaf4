import type { ExportKind } from '@shared/schemas/exports';

/** GET /api/admin/exports/{kind}?from=&to=: a streamed CSV, downloaded by the browser itself. */
export const exportHref = (kind: ExportKind, period: { from: string; to: string }) =>
  `/api/admin/exports/${kind}?${new URLSearchParams(period).toString()}`;
