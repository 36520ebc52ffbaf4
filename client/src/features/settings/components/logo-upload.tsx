import { ImageUp, Trash2 } from 'lucide-react';
import { useRef, type ChangeEvent } from 'react';
import { LOGO_MAX_BYTES } from '@shared/schemas/settings';
import { Button } from '@/components/ui/button';
import { QueryState } from '@/components/ui/query-state';
import { toast } from '@/components/ui/use-toast';
import { formatDateTime } from '@/lib/dates';
import { useLogo } from '../api/get-logo';
import { useRemoveLogo } from '../api/remove-logo';
import { useUploadLogo } from '../api/upload-logo';

const ACCEPTED = 'image/png,image/jpeg,image/webp,image/avif';

/**
 * The logo on the invoices, credit notes and reports (Settings, in the business details): its
 * preview, a new one uploaded (checked and resized by the server), or removed. The button opens
 * the native file picker, whose input stays out of the tab order behind it.
 */
export function LogoUpload() {
  const logo = useLogo();
  const upload = useUploadLogo();
  const remove = useRemoveLogo();
  const input = useRef<HTMLInputElement>(null);

  const chosen = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (file.size > LOGO_MAX_BYTES) {
      toast({
        variant: 'destructive',
        title: 'Logo not saved',
        description: `The logo file is too large: at most ${LOGO_MAX_BYTES / 1024 / 1024} MB.`,
      });
      return;
    }
    upload.mutate(file, { onSuccess: () => toast({ title: 'Logo saved' }) });
  };

  return (
    <section aria-labelledby="logo-title" className="space-y-3 border-t pt-6">
      <div>
        <h3 id="logo-title" className="font-medium">
          Logo
        </h3>
        <p className="text-sm text-muted-foreground">
          Drawn beside your business name on invoices, credit notes and monthly reports. PNG, JPEG,
          WebP or AVIF, up to {LOGO_MAX_BYTES / 1024 / 1024} MB.
        </p>
      </div>
      <QueryState query={logo} what="logo">
        {({ logo: current }) => (
          <div className="flex flex-wrap items-center gap-4">
            {current ? (
              <figure className="space-y-1">
                <img
                  src={current.url}
                  alt="Your logo, as the PDFs show it"
                  width={current.width}
                  height={current.height}
                  className="h-16 w-auto max-w-[12rem] rounded border bg-white object-contain p-1"
                />
                <figcaption className="text-xs text-muted-foreground">
                  Uploaded {formatDateTime(current.updatedAt)}
                </figcaption>
              </figure>
            ) : (
              <p className="text-sm text-muted-foreground">
                No logo yet: the PDFs show your business name.
              </p>
            )}
            <div className="flex flex-wrap gap-2">
              <input
                ref={input}
                id="logo-file"
                type="file"
                accept={ACCEPTED}
                aria-label="Logo file"
                tabIndex={-1}
                className="sr-only"
                onChange={chosen}
              />
              <Button
                type="button"
                variant="outline"
                disabled={upload.isPending}
                onClick={() => input.current?.click()}
              >
                <ImageUp className="h-4 w-4" aria-hidden="true" />
                {upload.isPending ? 'Uploading...' : current ? 'Replace logo' : 'Upload logo'}
              </Button>
              {current && (
                <Button
                  type="button"
                  variant="outline"
                  disabled={remove.isPending}
                  onClick={() =>
                    remove.mutate(undefined, { onSuccess: () => toast({ title: 'Logo removed' }) })
                  }
                >
                  <Trash2 className="h-4 w-4" aria-hidden="true" />
                  {remove.isPending ? 'Removing...' : 'Remove logo'}
                </Button>
              )}
            </div>
          </div>
        )}
      </QueryState>
    </section>
  );
}
