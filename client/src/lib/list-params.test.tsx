import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { listQueryString, useListParams } from './list-params';

const NAMES = ['q', 'status', 'page', 'pageSize'] as const;

/** A list screen in miniature: what it reads from the URL, and buttons that change it. */
function Screen() {
  const { params, update } = useListParams(NAMES);
  return (
    <div>
      <output aria-label="Search">{params.q ?? '(none)'}</output>
      <output aria-label="Status">{params.status ?? '(all)'}</output>
      <output aria-label="Page">{params.page ?? '(first)'}</output>
      <button type="button" onClick={() => update({ q: 'roof' }, { replace: true })}>
        Search roof
      </button>
      <button type="button" onClick={() => update({ q: '' }, { replace: true })}>
        Clear search
      </button>
      <button type="button" onClick={() => update({ status: 'paid' })}>
        Only paid
      </button>
      <button type="button" onClick={() => update({ page: '3' })}>
        Page 3
      </button>
    </div>
  );
}

const shown = (name: string) => screen.getByRole('status', { name }).textContent;

function renderAt(path: string) {
  const location = memoryLocation({ path, record: true });
  render(
    <Router hook={location.hook}>
      <Screen />
    </Router>,
  );
  return location;
}

describe('useListParams', () => {
  it('reads the search, filter and page from the URL, and nothing else', () => {
    renderAt('/admin/invoices?q=gutter&status=sent&page=2&utm_source=mail');
    expect(shown('Search')).toBe('gutter');
    expect(shown('Status')).toBe('sent');
    expect(shown('Page')).toBe('2');
  });

  it('keeps the search and filter in the URL when paging', async () => {
    const location = renderAt('/admin/invoices?q=gutter&status=sent&page=2');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Page 3' }));
    expect(location.history).toEqual([
      '/admin/invoices?q=gutter&status=sent&page=2',
      '/admin/invoices?q=gutter&status=sent&page=3',
    ]);
    expect(shown('Page')).toBe('3');
    expect(shown('Search')).toBe('gutter');
  });

  it('goes back to page 1 when a filter or the search changes', async () => {
    const location = renderAt('/admin/invoices?q=gutter&page=4');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Only paid' }));
    expect(location.history?.at(-1)).toBe('/admin/invoices?q=gutter&status=paid');
    expect(shown('Page')).toBe('(first)');

    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    await user.click(screen.getByRole('button', { name: 'Search roof' }));
    expect(location.history?.at(-1)).toBe('/admin/invoices?q=roof&status=paid');
  });

  it('drops an emptied search from the URL', async () => {
    const location = renderAt('/admin/invoices?q=gutter&status=paid');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Clear search' }));
    expect(location.history?.at(-1)).toBe('/admin/invoices?status=paid');
    expect(shown('Search')).toBe('(none)');
  });

  it('replaces the entry for a search (no history step per word) but adds one for a filter', async () => {
    const location = renderAt('/admin/invoices');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Search roof' }));
    expect(location.history).toEqual(['/admin/invoices?q=roof']);
    await user.click(screen.getByRole('button', { name: 'Only paid' }));
    expect(location.history).toEqual([
      '/admin/invoices?q=roof',
      '/admin/invoices?q=roof&status=paid',
    ]);
  });
});

/** A list that shares its page's URL: its parameters are prefixed, the page's own stay. */
function SharedScreen() {
  const { params, update } = useListParams(['q', 'page'] as const, { prefix: 'searches' });
  return (
    <div>
      <output aria-label="Search">{params.q ?? '(none)'}</output>
      <output aria-label="Page">{params.page ?? '(first)'}</output>
      <button type="button" onClick={() => update({ page: '2' })}>
        Page 2
      </button>
      <button type="button" onClick={() => update({ q: 'baton' })}>
        Search baton
      </button>
    </div>
  );
}

describe('useListParams with a prefix', () => {
  it('reads and writes its own names and keeps the rest of the URL', async () => {
    const location = memoryLocation({
      path: '/admin/marketing-tool?search=s1&searchesQ=lafayette&q=other',
      record: true,
    });
    render(
      <Router hook={location.hook}>
        <SharedScreen />
      </Router>,
    );
    expect(shown('Search')).toBe('lafayette');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(location.history?.at(-1)).toBe(
      '/admin/marketing-tool?search=s1&q=other&searchesQ=lafayette&searchesPage=2',
    );
    await user.click(screen.getByRole('button', { name: 'Search baton' }));
    expect(location.history?.at(-1)).toBe(
      '/admin/marketing-tool?search=s1&q=other&searchesQ=baton',
    );
  });
});

describe('useListParams in the browser', () => {
  afterEach(() => {
    window.history.replaceState(null, '', '/');
  });

  it('comes back to the previous view with the back button', async () => {
    window.history.replaceState(null, '', '/admin/invoices?q=gutter&page=2');
    render(
      <Router>
        <Screen />
      </Router>,
    );
    expect(shown('Page')).toBe('2');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Only paid' }));
    expect(window.location.search).toBe('?q=gutter&status=paid');
    expect(shown('Status')).toBe('paid');
    expect(shown('Page')).toBe('(first)');

    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(window.location.search).toBe('?q=gutter&status=paid&page=3');

    act(() => window.history.back());
    await waitFor(() => expect(shown('Page')).toBe('(first)'));
    expect(shown('Status')).toBe('paid');

    act(() => window.history.back());
    await waitFor(() => expect(shown('Status')).toBe('(all)'));
    expect(shown('Search')).toBe('gutter');
    expect(shown('Page')).toBe('2');
    expect(window.location.search).toBe('?q=gutter&page=2');
  });
});

describe('listQueryString', () => {
  it('keeps the named, non-empty values in the order of the names, trimmed', () => {
    expect(
      listQueryString(NAMES, { page: '2', q: '  roof & gutter ', status: '', pageSize: undefined }),
    ).toBe('q=roof+%26+gutter&page=2');
    expect(listQueryString(NAMES, {})).toBe('');
  });
});
