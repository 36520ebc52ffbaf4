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
  '![tracker](https://evil.example/pixel.png)',
].join('\n\n');

describe('LegalText', () => {
  it('draws pasted markup and unsafe links inert: no element, no javascript: link, the words kept', () => {
    const { container } = render(<LegalText markdown={HOSTILE} />);
    for (const tag of ['script', 'img', 'iframe', 'a']) {
      expect(container.querySelector(tag), tag).toBeNull();
    }
    expect(container.querySelector('[href^="javascript:" i], [onerror], [src]')).toBeNull();
    expect(screen.getByRole('heading', { level: 2, name: 'Contact' })).toBeInTheDocument();
    // Pasted markup is shown as the text it is.
    expect(container.textContent).toContain('<script>window.hacked = true</script>');
    expect(screen.getByText('Write to us')).toBeInTheDocument();
    expect((window as { hacked?: boolean }).hacked).toBeUndefined();
  });

  it('draws headings, lists, emphasis and safe links; an h1 becomes an h2 under the page title', () => {
    render(
      <LegalText
        markdown={[
          '# What we keep',
          'We keep **your invoices** for seven years.',
          '- Accounts\n- Tickets',
          'Questions? [Write to us](mailto:hello@example.com) or see [our site](https://example.com).',
        ].join('\n\n')}
      />,
    );
    expect(screen.getByRole('heading', { level: 2, name: 'What we keep' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
    expect(screen.getByText('your invoices').tagName).toBe('STRONG');
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Accounts',
      'Tickets',
    ]);
    expect(screen.getByRole('link', { name: 'Write to us' })).toHaveAttribute(
      'href',
      'mailto:hello@example.com',
    );
    expect(screen.getByRole('link', { name: 'our site' })).toHaveAttribute(
      'href',
      'https://example.com',
    );
  });
});
