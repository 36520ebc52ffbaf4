import { MessageSquareText } from 'lucide-react';
import { useEffect, useId, useRef, useState, type RefObject } from 'react';
import type { SavedReply } from '@shared/schemas/saved-replies';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/utils';
import { useSavedReplies } from '../api/saved-replies';

/**
 * "Insert saved reply": a combobox over the saved replies, opened by its button (Alt+R from
 * the reply box) or by typing "/" at the start of an empty reply. Arrow keys move, Enter
 * inserts the reply with its variables filled in (`fill`), Escape goes back to the box.
 */
export function SavedReplyPicker({
  textarea,
  insert,
  fill,
}: {
  textarea: RefObject<HTMLTextAreaElement | null>;
  insert: (text: string) => void;
  /** The reply's text with {{firstName}}, {{ticketNumber}} and {{portalLink}} filled in. */
  fill: (body: string) => string;
}) {
  const [open, setOpen] = useState(false);
  const [q, setQ] = useState('');
  const [active, setActive] = useState(0);
  const search = useRef<HTMLInputElement>(null);
  const listId = useId();
  const hintId = useId();
  const replies = useSavedReplies({ q, pageSize: '100' }, open);
  const items: SavedReply[] = replies.data?.items ?? [];

  // "/" at the start of an empty reply, or Alt+R anywhere in it, opens the list.
  useEffect(() => {
    const box = textarea.current;
    if (!box) return;
    const onKeyDown = (event: KeyboardEvent) => {
      const slash = event.key === '/' && box.value === '' && !event.ctrlKey && !event.metaKey;
      const shortcut =
        event.altKey && (event.key === 'r' || event.key === 'R' || event.code === 'KeyR');
      if (slash || shortcut) {
        event.preventDefault();
        setOpen(true);
      }
    };
    box.addEventListener('keydown', onKeyDown);
    return () => box.removeEventListener('keydown', onKeyDown);
  }, [textarea]);

  useEffect(() => {
    if (open) search.current?.focus();
  }, [open]);

  const close = () => {
    setOpen(false);
    setQ('');
    setActive(0);
    textarea.current?.focus();
  };
  const choose = (reply: SavedReply | undefined) => {
    if (!reply) return;
    setOpen(false);
    setQ('');
    setActive(0);
    insert(fill(reply.body));
  };
  const optionId = (index: number) => `${listId}-option-${index}`;

  return (
    <div className="space-y-2">
      <Button
        type="button"
        variant="outline"
        size="sm"
        aria-expanded={open}
        aria-keyshortcuts="Alt+R"
        aria-describedby={hintId}
        onClick={() => (open ? close() : setOpen(true))}
      >
        <MessageSquareText className="mr-2 h-4 w-4" aria-hidden="true" />
        Insert saved reply
      </Button>
      <p id={hintId} className="text-xs text-muted-foreground">
        Or type / in an empty reply, or press Alt+R in it.
      </p>
      {open && (
        <div className="space-y-2 rounded-md border bg-card p-3 shadow-sm">
          <Input
            ref={search}
            role="combobox"
            aria-label="Saved reply"
            aria-expanded="true"
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={items[active] ? optionId(active) : undefined}
            placeholder="Search saved replies"
            value={q}
            onChange={(event) => {
              setQ(event.target.value);
              setActive(0);
            }}
            onKeyDown={(event) => {
              if (event.key === 'ArrowDown') {
                event.preventDefault();
                setActive((index) => Math.min(index + 1, Math.max(items.length - 1, 0)));
              } else if (event.key === 'ArrowUp') {
                event.preventDefault();
                setActive((index) => Math.max(index - 1, 0));
              } else if (event.key === 'Enter') {
                event.preventDefault();
                choose(items[active]);
              } else if (event.key === 'Escape') {
                event.preventDefault();
                close();
              }
            }}
          />
          <ul
            id={listId}
            role="listbox"
            aria-label="Saved replies"
            className="max-h-60 overflow-y-auto"
          >
            {items.map((reply, index) => (
              <li
                key={reply.id}
                id={optionId(index)}
                role="option"
                aria-selected={index === active}
                className={cn(
                  'cursor-pointer rounded px-2 py-1.5 text-sm',
                  index === active && 'bg-muted font-medium',
                )}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => choose(reply)}
              >
                <span className="block">{reply.title}</span>
                <span className="block truncate text-xs text-muted-foreground">{reply.body}</span>
              </li>
            ))}
          </ul>
          {replies.isSuccess && items.length === 0 && (
            <p className="text-sm text-muted-foreground" role="status">
              {q ? 'No saved reply matches.' : 'No saved replies yet. Add them in Settings.'}
            </p>
          )}
        </div>
      )}
    </div>
  );
}
