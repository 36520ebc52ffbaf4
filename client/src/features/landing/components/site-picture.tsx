import { SITE_IMAGE_FORMATS, siteImageSrcSet, siteImageUrl } from '@shared/site-content';
import type { SiteImage } from '@shared/schemas/site-content';

/**
 * An uploaded image (resized on upload into AVIF and WebP at a few widths): the browser picks
 * the best format it reads and the smallest width that fills `sizes`; width and height keep
 * its place from the first paint, so nothing shifts when it arrives. Below the fold it loads
 * lazily.
 */
export function SitePicture({
  image,
  sizes,
  className,
  lazy = true,
}: {
  image: SiteImage;
  sizes: string;
  className?: string;
  lazy?: boolean;
}) {
  return (
    <picture>
      {SITE_IMAGE_FORMATS.map((format) => (
        <source
          key={format}
          type={`image/${format}`}
          srcSet={siteImageSrcSet(image, format)}
          sizes={sizes}
        />
      ))}
      <img
        src={siteImageUrl(image.id, image.width, 'webp')}
        width={image.width}
        height={image.height}
        alt={image.alt}
        loading={lazy ? 'lazy' : undefined}
        decoding="async"
        className={className}
      />
    </picture>
  );
}
