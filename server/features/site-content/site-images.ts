import crypto from 'node:crypto';
import {
  SITE_IMAGE_FORMATS,
  siteImageWidths,
  SITE_IMAGE_WIDTHS,
  type SiteImageFormat,
} from '@shared/site-content';
import type { SiteImage } from '@shared/schemas/site-content';
import type { SiteImageVariant } from '../../db/schema';
import type { AuditActor, AuditTrail } from '../../lib/audit-trail';
import { AppError } from '../../lib/errors';
import { newStorageKey, StorageUnavailableError, type FileStorage } from '../../lib/file-storage';
import { inspectImage, resizeImage } from '../../lib/images';
import type { UploadedFile } from '../../lib/multipart';
import type { SiteContentRepository } from './site-content.repository';

/** The largest upload taken: a phone's photo fits, a raw camera file does not. */
export const SITE_IMAGE_MAX_BYTES = 15 * 1024 * 1024;
export const SITE_IMAGE_TOO_LARGE =
  'The image is larger than 15 MB: make it smaller and try again.';
export const SITE_IMAGE_STORAGE_DOWN =
  'The image cannot be saved right now (file storage unavailable). Please try again in a few minutes.';

const CONTENT_TYPES: Record<SiteImageFormat, string> = {
  avif: 'image/avif',
  webp: 'image/webp',
};

export interface SiteImageDeps {
  repository: SiteContentRepository;
  storage: FileStorage;
  audit: AuditTrail;
}

/**
 * An image for the landing page: checked by its content, turned upright and stripped of its
 * metadata, and stored as AVIF and WebP at each width of SITE_IMAGE_WIDTHS up to its own, so
 * the page picks the smallest that fills its place (`srcset`) in the best format the browser
 * reads (`<picture>`). Answers the image as the content stores it, alt text left to fill in.
 */
export function createSiteImages({ repository, storage, audit }: SiteImageDeps) {
  async function upload(files: UploadedFile[], actor: AuditActor): Promise<SiteImage> {
    if (files.length !== 1) throw new AppError(400, 'Choose one image to upload');
    const file = files[0]!;
    if (file.cutShort || file.size > SITE_IMAGE_MAX_BYTES) {
      throw new AppError(413, SITE_IMAGE_TOO_LARGE);
    }
    const info = await inspectImage(file.bytes);
    const largest = Math.min(info.width, SITE_IMAGE_WIDTHS.at(-1)!);
    const variants: SiteImageVariant[] = [];
    try {
      for (const width of siteImageWidths(largest)) {
        for (const format of SITE_IMAGE_FORMATS) {
          const resized = await resizeImage(file.bytes, {
            format,
            maxWidth: width,
            maxHeight: 10_000,
          });
          const storageKey = newStorageKey();
          await storage.put(storageKey, resized.data, resized.contentType);
          variants.push({
            width,
            height: resized.height,
            format,
            storageKey,
            bytes: resized.data.length,
          });
        }
      }
    } catch (error) {
      await Promise.all(variants.map((v) => storage.delete(v.storageKey).catch(() => {})));
      if (error instanceof StorageUnavailableError)
        throw new AppError(503, SITE_IMAGE_STORAGE_DOWN);
      throw error;
    }
    const top = variants.at(-1)!;
    const row = await repository.insertImage({
      id: crypto.randomUUID(),
      width: top.width,
      height: top.height,
      variants,
      uploadedBy: actor.adminId,
    });
    await audit.record(actor, {
      kind: 'site_image.uploaded',
      targetType: 'site_image',
      targetId: row.id,
      after: { width: row.width, height: row.height, filename: file.filename },
    });
    return { id: row.id, width: row.width, height: row.height, alt: '' };
  }

  /** One stored variant's bytes; 404 for any other id, width or format. */
  async function variant(
    id: string,
    file: string,
  ): Promise<{ bytes: Buffer; contentType: string }> {
    const match = /^(\d{1,5})\.(avif|webp)$/.exec(file);
    const notFound = new AppError(404, 'Image not found');
    if (!match || !/^[0-9a-f-]{36}$/i.test(id)) throw notFound;
    const row = await repository.findImage(id);
    const stored = row?.variants.find((v) => v.width === Number(match[1]) && v.format === match[2]);
    if (!stored) throw notFound;
    const bytes = await storage.get(stored.storageKey);
    if (!bytes) throw notFound;
    return { bytes, contentType: CONTENT_TYPES[stored.format] };
  }

  return { upload, variant };
}
export type SiteImages = ReturnType<typeof createSiteImages>;
