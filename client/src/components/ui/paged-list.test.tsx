import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ListSearch, PagedList } from './paged-list';

interface Row {
  id: string;
  name: string;
}

/** What PagedList reads of a list query: a settled page unless told otherwise. */
function settled(page: { items: Row[]; total: number; page: number; pageSize: number }) {
  return { isLoading: false, isError: false, error: null, data: page, isPlaceholderData: false };
}

const rows = (count: number, from = 1): Row[] =>
  Array.from({ length: count }, (_, n) => ({ id: String(from + n), name: `Invoice ${from + n}` }));

function renderList(
  query: ReturnType<typeof settled>,
  { filtered = false, noMatch }: { filtered?: boolean; noMatch?: string } = {},
) {
  const onPage = vi.fn();
  render(
    <PagedList
      query={query}
      what="Invoices"
      empty="No invoices yet."
      noMatch={noMatch}
      filtered={filtered}
      onPage={onPage}
    >
      {(items) => (
        <ul aria-label="Invoice rows">
          {items.map((item) => (
            <li key={item.id}>{item.name}</li>
          ))}
        </ul>
      )}
    </PagedList>,
  );
  return onPage;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('PagedList', () => {
  it('says which rows of how many it shows, and pages both ways from the middle', async () => {
    const onPage = renderList(settled({ items: rows(25, 26), total: 1234, page: 2, pageSize: 25 }));
    const pager = screen.getByRole('navigation', { name: 'Invoices pages' });
    expect(pager).toHaveTextContent('Showing 26-50 of 1,234');
    expect(pager).toHaveTextContent('Page 2 of 50');
    expect(screen.getAllByRole('listitem')).toHaveLength(25);
    expect(screen.getByText('Invoice 26')).toBeVisible();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(onPage.mock.calls).toEqual([[1], [3]]);
  });

  it('cannot go back from the first page', async () => {
    const onPage = renderList(settled({ items: rows(25), total: 1234, page: 1, pageSize: 25 }));
    expect(screen.getByText('Showing 1-25 of 1,234')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Previous' }));
    expect(onPage).not.toHaveBeenCalled();
  });

  it('cannot go on from the last page, which may be short', () => {
    renderList(settled({ items: rows(9, 1226), total: 1234, page: 50, pageSize: 25 }));
    expect(screen.getByText('Showing 1,226-1,234 of 1,234')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeEnabled();
  });

  it('offers no pager buttons when everything fits on one page', () => {
    renderList(settled({ items: rows(3), total: 3, page: 1, pageSize: 25 }));
    expect(screen.getByText('Showing 1-3 of 3')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Previous' })).not.toBeInTheDocument();
  });

  it('says the list is empty when nothing is filtered', () => {
    renderList(settled({ items: [], total: 0, page: 1, pageSize: 25 }), {
      noMatch: 'No invoice matches.',
    });
    expect(screen.getByText('No invoices yet.')).toBeVisible();
    expect(screen.queryByText('No invoice matches.')).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  it('says nothing matches when a search or filter is set, in its own words or the default', () => {
    renderList(settled({ items: [], total: 0, page: 1, pageSize: 25 }), { filtered: true });
    expect(screen.getByText('No invoices match this search.')).toBeVisible();
    expect(screen.queryByText('No invoices yet.')).not.toBeInTheDocument();
  });

  it('uses the list’s own no-match text when it has one', () => {
    renderList(settled({ items: [], total: 0, page: 1, pageSize: 25 }), {
      filtered: true,
      noMatch: 'No invoice has that number.',
    });
    expect(screen.getByText('No invoice has that number.')).toBeVisible();
    expect(screen.queryByText('No invoices match this search.')).not.toBeInTheDocument();
  });

  it('on a page past the end says so and lets the admin page back', async () => {
    const onPage = renderList(settled({ items: [], total: 3, page: 4, pageSize: 25 }));
    expect(screen.getByText('Nothing on this page (3 in all)')).toBeVisible();
    expect(screen.queryByText('No invoices yet.')).not.toBeInTheDocument();
    // A page past the end (a shared link, rows deleted since) must not strand the admin.
    const previous = screen.getByRole('button', { name: 'Previous' });
    expect(previous).toBeEnabled();
    await userEvent.setup().click(previous);
    expect(onPage.mock.calls).toEqual([[1]]);
  });

  it('shows loading and failure states instead of rows', () => {
    const { rerender } = render(
      <PagedList<Row>
        query={{
          isLoading: true,
          isError: false,
          error: null,
          data: undefined,
          isPlaceholderData: false,
        }}
        what="Invoices"
        empty="No invoices yet."
        filtered={false}
        onPage={() => {}}
      >
        {() => null}
      </PagedList>,
    );
    expect(screen.getByRole('status', { name: 'Loading invoices' })).toBeInTheDocument();
    rerender(
      <PagedList<Row>
        query={{
          isLoading: false,
          isError: true,
          error: new Error('boom'),
          data: undefined,
          isPlaceholderData: false,
        }}
        what="Invoices"
        empty="No invoices yet."
        filtered={false}
        onPage={() => {}}
      >
        {() => null}
      </PagedList>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Invoices could not be loaded. Please reload the page.',
    );
  });
});

describe('ListSearch', () => {
  // Fake timers measure the wait exactly. user-event's own pauses never end under Vitest's fake
  // timers, so keys are sent with fireEvent: one change per key, as typing does.
  function renderSearch(value = '') {
    vi.useFakeTimers();
    const onSearch = vi.fn();
    const view = render(<ListSearch label="Search invoices" value={value} onSearch={onSearch} />);
    const rerender = (next: string) =>
      view.rerender(<ListSearch label="Search invoices" value={next} onSearch={onSearch} />);
    const box = screen.getByRole('searchbox', { name: 'Search invoices' });
    const type = (text: string) => {
      for (const key of text) {
        fireEvent.change(box, { target: { value: `${(box as HTMLInputElement).value}${key}` } });
        act(() => vi.advanceTimersByTime(50));
      }
    };
    const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms));
    return { onSearch, rerender, box, type, wait };
  }

  it('searches once, when typing has rested for 300 ms', () => {
    const { onSearch, type, wait } = renderSearch();
    // 50 ms between keys: no search while typing.
    type('roof');
    expect(onSearch).not.toHaveBeenCalled();
    wait(249);
    expect(onSearch).not.toHaveBeenCalled();
    wait(1);
    expect(onSearch.mock.calls).toEqual([['roof']]);

    // Nothing new typed: no second search.
    wait(1000);
    expect(onSearch).toHaveBeenCalledTimes(1);
  });

  it('restarts the wait on every key, so a pause shorter than the wait searches the whole word', () => {
    const { onSearch, type, wait } = renderSearch();
    type('ro');
    wait(200);
    type('of');
    wait(200);
    expect(onSearch).not.toHaveBeenCalled();
    wait(100);
    expect(onSearch.mock.calls).toEqual([['roof']]);
  });

  it('searches at once on Enter, and not again when the wait ends', () => {
    const { onSearch, type, wait, box } = renderSearch();
    type('roof');
    fireEvent.submit(box.closest('form')!);
    expect(onSearch.mock.calls).toEqual([['roof']]);
    wait(1000);
    expect(onSearch).toHaveBeenCalledTimes(1);
  });

  it('shows a search changed from outside (the back button) without searching again', () => {
    const { onSearch, rerender, box, wait } = renderSearch('roof');
    expect(box).toHaveValue('roof');

    rerender('gutter');
    expect(box).toHaveValue('gutter');
    wait(1000);
    rerender('');
    expect(box).toHaveValue('');
    wait(1000);
    expect(onSearch).not.toHaveBeenCalled();
  });

  it('searches for an emptied box, so clearing the search shows everything again', () => {
    const { onSearch, box, wait } = renderSearch('roof');
    fireEvent.change(box, { target: { value: '' } });
    wait(300);
    expect(onSearch.mock.calls).toEqual([['']]);
  });
});
