import { queryOptions, useQuery } from '@tanstack/react-query';
import { AttachmentLimitsSchema } from '@shared/schemas/tickets';
import { apiGet } from '@/lib/api-request';

/** GET /api/attachments/limits: the Settings' limits the file pickers check before sending. */
export function getAttachmentLimits(signal?: AbortSignal) {
  return apiGet('/api/attachments/limits', AttachmentLimitsSchema, signal);
}

export const attachmentLimitsQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/attachments/limits'],
    queryFn: ({ signal }) => getAttachmentLimits(signal),
    staleTime: 10 * 60 * 1000,
  });

export function useAttachmentLimits() {
  return useQuery(attachmentLimitsQueryOptions());
}

/** The body of a message with files: a multipart form, or JSON when there is no file. */
export function withFiles(fields: Record<string, string | undefined>, files: File[]) {
  if (files.length === 0) return fields;
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value !== undefined) form.append(name, value);
  }
  for (const file of files) form.append('files', file, file.name);
  return form;
}
