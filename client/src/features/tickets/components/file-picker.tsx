import { Paperclip, X } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import type { AttachmentLimits, RefusedFile, RenamedFile } from '@shared/schemas/tickets';
import { Button } from '@/components/ui/button';
import { useAttachmentLimits } from '../api/get-attachment-limits';
import { formatFileSize } from './attachment-list';

/** Why a chosen file cannot go with the others, checked before sending (the server checks again). */
function precheck(file: File, chosen: File[], limits: AttachmentLimits | undefined) {
  if (!limits) return null;
  if (file.size > limits.maxFileBytes) {
    return `larger than the ${formatFileSize(limits.maxFileBytes)} limit per file`;
  }
  const total = chosen.reduce((sum, f) => sum + f.size, 0) + file.size;
  if (total > limits.maxMessageBytes) {
    return `the files of one message may add up to ${formatFileSize(limits.maxMessageBytes)}`;
  }
  return null;
}

/**
 * Files to send with a message: a button that opens the system's picker (the input itself is
 * hidden, the button is what the keyboard and screen readers reach), the chosen files with
 * their size and a remove button, and under them the files refused, before sending (too large)
 * or by the server (type, virus...), each with its reason, and the files the server kept under
 * another name (their contents are not what their name said).
 */
export function FilePicker({
  files,
  onChange,
  refused,
  onRefused,
  renamed = [],
  label = 'Attachments',
}: {
  files: File[];
  onChange: (files: File[]) => void;
  /** The files not kept, with why. */
  refused: RefusedFile[];
  onRefused: (refused: RefusedFile[]) => void;
  /** The files of the last message sent that were kept under another name, with why. */
  renamed?: RenamedFile[];
  label?: string;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const limits = useAttachmentLimits().data;
  const [announce, setAnnounce] = useState('');

  const add = (picked: File[]) => {
    const kept = [...files];
    const tooBig: RefusedFile[] = [];
    for (const file of picked) {
      const problem = precheck(file, kept, limits);
      if (problem) tooBig.push({ filename: file.name, reason: problem });
      else kept.push(file);
    }
    onChange(kept);
    onRefused(tooBig);
    setAnnounce(
      `${kept.length - files.length} file${kept.length - files.length === 1 ? '' : 's'} added`,
    );
  };

  const remove = (index: number) => {
    const file = files[index];
    onChange(files.filter((_, i) => i !== index));
    if (file) setAnnounce(`${file.name} removed`);
  };

  const hintId = `${id}-hint`;
  const refusedId = `${id}-refused`;
  const renamedId = `${id}-renamed`;
  return (
    <div className="space-y-2" role="group" aria-labelledby={`${id}-label`}>
      <p id={`${id}-label`} className="text-sm font-medium leading-none">
        {label}
      </p>
      <div>
        <Button
          type="button"
          variant="outline"
          size="sm"
          aria-describedby={[
            hintId,
            refused.length ? refusedId : '',
            renamed.length ? renamedId : '',
          ]
            .filter(Boolean)
            .join(' ')}
          onClick={() => input.current?.click()}
        >
          <Paperclip className="mr-2 h-4 w-4" aria-hidden="true" />
          Attach files
        </Button>
        <input
          ref={input}
          type="file"
          multiple
          hidden
          tabIndex={-1}
          aria-hidden="true"
          accept={limits?.accept}
          data-testid="file-input"
          onChange={(event) => {
            add([...(event.target.files ?? [])]);
            // The same file can be picked again after it was removed.
            event.target.value = '';
          }}
        />
      </div>
      <p id={hintId} className="text-xs text-muted-foreground">
        {limits
          ? `Up to ${formatFileSize(limits.maxFileBytes)} per file, ${formatFileSize(limits.maxMessageBytes)} in all: ${limits.acceptedText}.`
          : 'Images, PDF, office documents, text, CSV and ZIP.'}
      </p>
      {files.length > 0 && (
        <ul aria-label="Files to send" className="space-y-1">
          {files.map((file, index) => (
            <li
              key={`${file.name}-${index}`}
              className="flex min-w-0 items-center justify-between gap-2 rounded-md border px-3 py-1.5 text-sm"
            >
              <span className="min-w-0 truncate" title={file.name}>
                {file.name}
              </span>
              <span className="flex shrink-0 items-center gap-1">
                <span className="text-xs text-muted-foreground">{formatFileSize(file.size)}</span>
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  className="h-8 w-8"
                  aria-label={`Remove ${file.name}`}
                  onClick={() => remove(index)}
                >
                  <X className="h-4 w-4" aria-hidden="true" />
                </Button>
              </span>
            </li>
          ))}
        </ul>
      )}
      {refused.length > 0 && (
        <div id={refusedId} role="alert" className="text-sm text-destructive">
          <p className="font-medium">Not attached:</p>
          <ul className="list-disc pl-5">
            {refused.map((file, index) => (
              <li key={`${file.filename}-${index}`} className="break-words">
                {file.filename}: {file.reason}
              </li>
            ))}
          </ul>
        </div>
      )}
      {renamed.length > 0 && (
        <div id={renamedId} role="status" className="text-sm">
          <p className="font-medium">Kept under another name:</p>
          <ul className="list-disc pl-5">
            {renamed.map((file, index) => (
              <li key={`${file.filename}-${index}`} className="break-words">
                {file.filename} is now {file.keptAs}: {file.reason}
              </li>
            ))}
          </ul>
        </div>
      )}
      <p className="sr-only" aria-live="polite">
        {announce}
      </p>
    </div>
  );
}
