import { UploadedSiteImageSchema, type SiteImage } from '@shared/schemas/site-content';
import { ApiError } from '@/lib/api-request';

/**
 * POST /api/admin/site-images (multipart): one image, resized by the server; `onProgress`
 * gets the share sent (0 to 1). XMLHttpRequest rather than fetch: fetch reports no upload
 * progress.
 */
export function uploadSiteImage(
  file: File,
  onProgress: (sent: number) => void,
): Promise<SiteImage> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', '/api/admin/site-images');
    request.withCredentials = true;
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) {
        try {
          resolve(UploadedSiteImageSchema.parse(JSON.parse(request.responseText)));
        } catch (error) {
          reject(
            error instanceof Error ? error : new Error('The upload answer was not understood'),
          );
        }
      } else {
        reject(new ApiError(request.status, request.responseText, request.statusText));
      }
    };
    request.onerror = () =>
      reject(new Error('The upload failed: check the connection and try again.'));
    const form = new FormData();
    form.append('image', file);
    request.send(form);
  });
}
