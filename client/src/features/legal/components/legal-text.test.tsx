import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LegalText } from './legal-text';

/** What an owner (or someone who took over their session) could paste into a page. */
const HOSTILE = [
  '## Contact',
  '<script>window.hacked = true</script>',
  '<img src=x onerror="window.hacked = true">',
  '[Write to us](javascript:window.hacked=true)',
  '<a href="javascript:window.hacked=true">Click</a>',
  '<iframe src="https://evil.example"></iframe>',
].join('\n\n');

describe('LegalText', () => {
  it('draws pasted markup and unsafe links inert: no element, no javascript: link, the words kept', () => {
    const { container } = render(<LegalText markdown={HOSTILE} />);
    for (const tag of ['script', 'img', 'iframe', 'a']) {
      expect(container.querySelector(tag), tag).toBeNull();
    }
    expect(container.querySelector('[href^="javascript:" i], [onerror], [src]')).toBeNull();
    expect(screen.getByText(/Contact/)).toBeInTheDocument();
    expect(container.textContent).toContain('<script>window.hacked = true</script>');
    expect((window as { hacked?: boolean }).hacked).toBeUndefined();
  });

  it("keeps the owner's line breaks and paragraphs", () => {
    const { container } = render(<LegalText markdown={'First line\nSecond line\n\nNext'} />);
    expect(container.textContent).toBe('First line\nSecond line\n\nNext');
    expect(container.firstElementChild).toHaveClass('whitespace-pre-wrap');
  });
});
