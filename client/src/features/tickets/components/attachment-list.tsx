import { FileText, ShieldAlert } from 'lucide-react';
import type { Attachment } from '@shared/schemas/tickets';

export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  const mb = bytes / (1024 * 1024);
  return `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB`;
}

/** How a file that is not served says why. */
const HELD_TEXT: Record<Exclude<Attachment['status'], 'ready'>, string> = {
  scanning: 'waiting for virus scan',
  infected: 'removed: virus found',
  unscannable: 'held: could not be virus-scanned',
};

/**
 * The files of a message: each a download link with its size, images with a thumbnail. A file
 * waiting for its virus scan, found infected or that could not be scanned is named without a
 * link (with the reason, in the admin's view).
 */
export function AttachmentList({ attachments }: { attachments: Attachment[] }) {
  if (attachments.length === 0) return null;
  return (
    <ul aria-label="Attachments" className="mt-3 flex flex-wrap gap-2">
      {attachments.map((file) => (
        <li key={file.id} className="min-w-0 max-w-full">
          {file.status === 'ready' ? (
            <a
              href={file.url}
              download={file.filename}
              className="flex min-w-0 items-center gap-2 rounded-md border bg-background px-2 py-1.5 text-sm hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              {file.contentType.startsWith('image/') ? (
                <img
                  src={file.url}
                  alt=""
                  loading="lazy"
                  className="h-12 w-12 shrink-0 rounded object-cover"
                />
              ) : (
                <FileText className="h-5 w-5 shrink-0" aria-hidden="true" />
              )}
              <span className="min-w-0 truncate">{file.filename}</span>
              <span className="shrink-0 text-xs text-muted-foreground">
                {formatFileSize(file.size)}
              </span>
            </a>
          ) : (
            <span className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1 rounded-md border border-dashed px-2 py-1.5 text-sm text-muted-foreground">
              <ShieldAlert className="h-5 w-5 shrink-0" aria-hidden="true" />
              <span className="min-w-0 truncate">{file.filename}</span>
              <span className="shrink-0 text-xs">{HELD_TEXT[file.status]}</span>
              {file.detail && <span className="basis-full text-xs">{file.detail}</span>}
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}
