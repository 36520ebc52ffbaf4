import { LOGO_MAX_BYTES, type Logo } from '@shared/schemas/settings';
import type { AuditActor, AuditTrail } from '../../lib/audit-trail';
import { AppError } from '../../lib/errors';
import { newStorageKey, type FileStorage } from '../../lib/file-storage';
import { inspectImage, resizeImage } from '../../lib/images';
import type { UploadedFile } from '../../lib/multipart';
import type { LogoRepository, StoredLogo } from './logo.repository';

/** The stored logo's largest side, in pixels: sharp on a PDF at the size it is drawn. */
const LOGO_MAX_SIDE = 600;
/** What the owner may upload: formats pdfkit cannot read are turned into PNG on the way in. */
const LOGO_FORMATS = ['png', 'jpeg', 'webp', 'avif'];

export const LOGO_FILE_REQUIRED = 'Choose an image file for the logo.';
export const LOGO_NOT_AN_IMAGE =
  'That file is not an image we can use as a logo: use PNG, JPEG, WebP or AVIF.';
export const LOGO_TOO_LARGE = `The logo file is too large: at most ${LOGO_MAX_BYTES / 1024 / 1024} MB.`;
export const LOGO_IMAGE_PATH = '/api/admin/settings/logo/image';

const toLogo = (stored: StoredLogo | null): Logo => ({
  logo: stored && {
    width: stored.width,
    height: stored.height,
    updatedAt: stored.updatedAt.toISOString(),
    url: `${LOGO_IMAGE_PATH}?v=${stored.key.slice(0, 8)}`,
  },
});

/**
 * The business's logo on its PDFs (issue 37): uploaded in Settings, checked by its content,
 * stored resized as PNG (pdfkit draws PNG and JPEG) in the brand file store, and handed to
 * every document's letterhead (lib/pdf-document.ts). A new logo replaces the old one's file.
 */
export function createLogo({
  repository,
  storage,
  audit,
  now,
}: {
  repository: LogoRepository;
  storage: FileStorage;
  audit: AuditTrail;
  now: () => Date;
}) {
  return {
    async get(): Promise<Logo> {
      return toLogo(await repository.find());
    },

    /** The stored PNG, or null when there is no logo (or its file is gone). */
    async image(): Promise<Buffer | null> {
      const stored = await repository.find();
      return stored ? storage.get(stored.key) : null;
    },

    async upload(files: UploadedFile[], actor: AuditActor): Promise<Logo> {
      const [file] = files;
      if (!file || files.length > 1) throw new AppError(400, LOGO_FILE_REQUIRED);
      if (file.cutShort || file.size > LOGO_MAX_BYTES) throw new AppError(413, LOGO_TOO_LARGE);
      let format: string;
      try {
        format = (await inspectImage(file.bytes)).format;
      } catch {
        throw new AppError(400, LOGO_NOT_AN_IMAGE);
      }
      if (!LOGO_FORMATS.includes(format)) throw new AppError(400, LOGO_NOT_AN_IMAGE);
      const resized = await resizeImage(file.bytes, { format: 'png', maxWidth: LOGO_MAX_SIDE });
      const before = await repository.find();
      const stored: StoredLogo = {
        key: newStorageKey(),
        width: resized.width,
        height: resized.height,
        updatedAt: now(),
      };
      await storage.put(stored.key, resized.data, resized.contentType);
      await repository.save(stored);
      if (before) await storage.delete(before.key);
      await audit.record(actor, {
        kind: 'settings.logo_uploaded',
        targetType: 'settings',
        targetId: 'logo',
        after: { width: stored.width, height: stored.height, uploadedAs: format },
      });
      return toLogo(stored);
    },

    async remove(actor: AuditActor): Promise<Logo> {
      const before = await repository.find();
      if (!before) return toLogo(null);
      await repository.save(null);
      await storage.delete(before.key);
      await audit.record(actor, {
        kind: 'settings.logo_removed',
        targetType: 'settings',
        targetId: 'logo',
        before: { width: before.width, height: before.height },
      });
      return toLogo(null);
    },

    /** The logo for a PDF's letterhead; none when there is none, or its file cannot be read. */
    async forPdf(): Promise<Buffer | null> {
      try {
        return await this.image();
      } catch {
        return null;
      }
    },
  };
}
export type BrandLogo = ReturnType<typeof createLogo>;
