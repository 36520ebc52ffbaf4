import { cn } from '@/lib/utils';

/**
 * A legal page's Markdown as the reader sees it: the one place that draws it, on the public
 * page and in the Settings preview. It is put in the page as text (React escapes it), so no
 * markup or link the owner pasted can run. Until a Markdown renderer is among the
 * dependencies (one that escapes raw HTML and drops javascript: links, e.g. react-markdown),
 * the text is shown as written, its line breaks kept.
 */
export function LegalText({ markdown, className }: { markdown: string; className?: string }) {
  return (
    <div className={cn('whitespace-pre-wrap break-words leading-relaxed', className)}>
      {markdown}
    </div>
  );
}
