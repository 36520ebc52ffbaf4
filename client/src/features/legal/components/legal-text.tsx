import type { ComponentProps } from 'react';
import Markdown, { type Components } from 'react-markdown';
import { cn } from '@/lib/utils';

/**
 * How each Markdown element looks. The page has its own h1, so the owner's headings start at
 * h2 whatever level they typed; a link whose address react-markdown refused (javascript:,
 * data: and the like come out empty) is kept as its words only.
 */
const components: Components = {
  h1: ({ node: _, ...props }) => <h2 className="mt-8 text-xl font-semibold" {...props} />,
  h2: ({ node: _, ...props }) => <h2 className="mt-8 text-xl font-semibold" {...props} />,
  h3: ({ node: _, ...props }) => <h3 className="mt-6 text-lg font-semibold" {...props} />,
  h4: ({ node: _, ...props }) => <h4 className="mt-4 font-semibold" {...props} />,
  p: ({ node: _, ...props }) => <p className="mt-3" {...props} />,
  ul: ({ node: _, ...props }) => <ul className="mt-3 list-disc space-y-1 pl-6" {...props} />,
  ol: ({ node: _, ...props }) => <ol className="mt-3 list-decimal space-y-1 pl-6" {...props} />,
  blockquote: ({ node: _, ...props }) => (
    <blockquote className="mt-3 border-l-4 pl-4 text-muted-foreground" {...props} />
  ),
  a: ({ node: _, href, children, ...props }: ComponentProps<'a'> & { node?: unknown }) =>
    href ? (
      <a href={href} className="text-primary underline underline-offset-4" {...props}>
        {children}
      </a>
    ) : (
      <span>{children}</span>
    ),
  // Pictures are not part of a legal text, and would load from anywhere.
  img: ({ alt }) => <span>{alt}</span>,
};

/**
 * A legal page's Markdown as the reader sees it: the one place that draws it, on the public
 * page and in the Settings preview. react-markdown builds React elements, never HTML: markup
 * the owner pasted is shown as the text it is, and unsafe link addresses are dropped.
 */
export function LegalText({ markdown, className }: { markdown: string; className?: string }) {
  return (
    <div className={cn('break-words leading-relaxed [&>:first-child]:mt-0', className)}>
      <Markdown components={components}>{markdown}</Markdown>
    </div>
  );
}
