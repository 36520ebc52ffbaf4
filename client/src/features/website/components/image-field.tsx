import { ImageUp, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import type { SiteImage } from '@shared/schemas/site-content';
import { siteImageUrl, siteImageWidths } from '@shared/site-content';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { errorMessage } from '@/lib/api-request';
import { uploadSiteImage } from '../api/upload-site-image';

/**
 * An uploaded image of the content (a portfolio item's, a testimonial's photo): upload with
 * progress (the server resizes it into the sizes and formats the page uses), a thumbnail,
 * the text a screen reader says instead (`alt`), and Remove.
 */
export function ImageField({
  label,
  value,
  onChange,
  altHint,
  withAlt = true,
}: {
  label: string;
  value: SiteImage | null;
  onChange: (image: SiteImage | null) => void;
  altHint: string;
  /** A testimonial's photo stands beside the name: it needs no text of its own. */
  withAlt?: boolean;
}) {
  const inputId = useId();
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  async function upload(file: File) {
    setFailure(null);
    setProgress(0);
    try {
      const image = await uploadSiteImage(file, setProgress);
      onChange({ ...image, alt: value?.alt ?? '' });
    } catch (error) {
      setFailure(errorMessage(error, 'The image could not be uploaded. Please try again.'));
    } finally {
      setProgress(null);
    }
  }

  return (
    <div className="space-y-2 rounded-md border border-dashed p-3">
      <p className="text-sm font-medium">{label}</p>
      {value && (
        <img
          src={siteImageUrl(value.id, siteImageWidths(value.width)[0]!, 'webp')}
          width={value.width}
          height={value.height}
          alt=""
          className="h-24 w-auto max-w-full rounded border object-cover"
        />
      )}
      <div className="flex flex-wrap items-center gap-2">
        <label
          htmlFor={inputId}
          className="inline-flex min-h-10 cursor-pointer items-center gap-2 rounded-md border bg-background px-3 py-2 text-sm font-medium focus-within:ring-2 focus-within:ring-ring hover:bg-muted"
        >
          <ImageUp className="h-4 w-4" aria-hidden="true" />
          {value ? `Replace ${label.toLowerCase()}` : `Upload ${label.toLowerCase()}`}
          <input
            id={inputId}
            type="file"
            accept="image/png,image/jpeg,image/webp,image/avif,image/gif"
            className="sr-only"
            disabled={progress !== null}
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) void upload(file);
            }}
          />
        </label>
        {value && (
          <Button type="button" variant="ghost" size="sm" onClick={() => onChange(null)}>
            <Trash2 className="h-4 w-4" aria-hidden="true" />
            Remove {label.toLowerCase()}
          </Button>
        )}
      </div>
      {progress !== null && (
        <div role="status" className="space-y-1 text-sm">
          <progress
            max={1}
            value={progress}
            aria-label={`Uploading ${label.toLowerCase()}`}
            className="h-2 w-full"
          />
          <span>
            {progress < 1
              ? `Uploading... ${Math.round(progress * 100)}%`
              : 'Making the sizes the page uses...'}
          </span>
        </div>
      )}
      {failure && (
        <p role="alert" className="text-sm text-destructive">
          {failure}
        </p>
      )}
      {value && withAlt && (
        <FormField
          label="Alt text"
          hint={altHint}
          maxLength={200}
          value={value.alt}
          onChange={(event) => onChange({ ...value, alt: event.target.value })}
        />
      )}
    </div>
  );
}
