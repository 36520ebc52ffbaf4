import { AppError } from './errors';

/**
 * Images the owner uploads (the site's portfolio and testimonial photos, the logo on the
 * PDFs), read and resized by sharp (libvips). sharp is loaded on first use: most requests and
 * tests never touch an image, and its native library takes a while to load.
 */
type Sharp = (typeof import('sharp'))['default'];
let loaded: Promise<Sharp> | undefined;
const sharp = () => (loaded ??= import('sharp').then((module) => module.default));

export const IMAGE_INPUT_FORMATS = ['jpeg', 'png', 'webp', 'avif', 'gif'] as const;
export type ImageOutputFormat = 'avif' | 'webp' | 'png' | 'jpeg';

const CONTENT_TYPES: Record<ImageOutputFormat, string> = {
  avif: 'image/avif',
  webp: 'image/webp',
  png: 'image/png',
  jpeg: 'image/jpeg',
};

/** An image too large to decode safely (a "decompression bomb") is refused before it is. */
const MAX_INPUT_PIXELS = 40_000_000;

export const NOT_AN_IMAGE =
  'That file is not an image we can read: use PNG, JPEG, WebP, AVIF or GIF.';

export interface ImageInfo {
  format: (typeof IMAGE_INPUT_FORMATS)[number];
  width: number;
  height: number;
}

/** What the upload is, by its content (never its name or declared type); 400 if no image. */
export async function inspectImage(input: Buffer): Promise<ImageInfo> {
  const lib = await sharp();
  try {
    const meta = await lib(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    const format = meta.format === 'heif' ? 'avif' : meta.format;
    if (!(IMAGE_INPUT_FORMATS as readonly string[]).includes(format ?? '') || !meta.width) {
      throw new AppError(400, NOT_AN_IMAGE);
    }
    // Sideways phone photos: report the size as the image is seen once rotated.
    const turned = (meta.orientation ?? 1) >= 5;
    return {
      format: format as ImageInfo['format'],
      width: turned ? meta.height! : meta.width,
      height: turned ? meta.width : meta.height!,
    };
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError(400, NOT_AN_IMAGE);
  }
}

export interface ResizedImage {
  data: Buffer;
  format: ImageOutputFormat;
  contentType: string;
  width: number;
  height: number;
}

/**
 * The image turned upright, stripped of its metadata (a photo's location stays private), fit
 * within `maxWidth` × `maxHeight` without enlarging, in `format`. The answer's width and
 * height are the output's, for the page's width/height attributes.
 */
export async function resizeImage(
  input: Buffer,
  {
    format,
    maxWidth,
    maxHeight = maxWidth,
    quality,
  }: { format: ImageOutputFormat; maxWidth: number; maxHeight?: number; quality?: number },
): Promise<ResizedImage> {
  await inspectImage(input);
  const lib = await sharp();
  const pipeline = lib(input, { limitInputPixels: MAX_INPUT_PIXELS, animated: false })
    .rotate()
    .resize({ width: maxWidth, height: maxHeight, fit: 'inside', withoutEnlargement: true });
  const encoded =
    format === 'avif'
      ? pipeline.avif({ quality: quality ?? 50, effort: 2 })
      : format === 'webp'
        ? pipeline.webp({ quality: quality ?? 78 })
        : format === 'png'
          ? pipeline.png({ compressionLevel: 9 })
          : pipeline
              .flatten({ background: '#ffffff' })
              .jpeg({ quality: quality ?? 82, mozjpeg: true });
  const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
  return {
    data,
    format,
    contentType: CONTENT_TYPES[format],
    width: info.width,
    height: info.height,
  };
}
