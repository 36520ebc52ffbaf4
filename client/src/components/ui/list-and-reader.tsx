import { useEffect, useRef, type ReactNode } from 'react';
import { Link } from 'wouter';
import { cn } from '@/lib/utils';

/**
 * A list with the chosen item read beside it (below it on a phone): the outbox, the inbound
 * log. On a phone the chosen item opens below the list, so it is brought into view, or the
 * tap would seem lost.
 */
export function ListAndReader({
  list,
  selected,
  reader,
  placeholder,
}: {
  list: ReactNode;
  /** The chosen item's id, if one. */
  selected: string | undefined;
  reader: (id: string) => ReactNode;
  /** What stands in the reader's place until an item is chosen. */
  placeholder: string;
}) {
  const reading = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const view = reading.current;
    if (selected && view && view.getBoundingClientRect().top > window.innerHeight) {
      view.scrollIntoView({ block: 'start' });
    }
  }, [selected]);
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
      <div className="min-w-0">{list}</div>
      <div ref={reading} className="min-w-0 scroll-mt-4">
        {selected ? reader(selected) : <p className="text-muted-foreground">{placeholder}</p>}
      </div>
    </div>
  );
}

/** One row of a ListAndReader's list: its title links to it, its state beside the title. */
export function ReaderListItem({
  href,
  current,
  title,
  badge,
  children,
}: {
  href: string;
  current: boolean;
  title: ReactNode;
  badge: ReactNode;
  children: ReactNode;
}) {
  return (
    <li className={cn('space-y-1 px-4 py-3', current && 'bg-muted')}>
      <div className="flex items-start justify-between gap-3">
        <Link
          href={href}
          aria-current={current ? 'true' : undefined}
          className="min-w-0 break-words font-medium hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          {title}
        </Link>
        {badge}
      </div>
      {children}
    </li>
  );
}
