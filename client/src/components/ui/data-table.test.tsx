import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { DataTable, dataColumns, type SortingState } from './data-table';

interface Town {
  id: string;
  name: string;
  people: number;
}

const TOWNS: Town[] = [
  { id: 'b', name: 'Biloxi', people: 49_000 },
  { id: 'h', name: 'Houma', people: 33_000 },
  { id: 'a', name: 'Abita Springs', people: 2_600 },
];

const column = dataColumns<Town>();
const columns = column.columns([
  column.accessor('name', { header: 'Town', enableSorting: true }),
  column.accessor('people', {
    header: 'People',
    enableSorting: true,
    meta: { align: 'right' },
    cell: (cell) => cell.getValue().toLocaleString('en-US'),
  }),
  column.display({ id: 'note', header: 'Note', cell: () => 'On the coast' }),
]);

/** The screen owns the order, as the marketing tool does with its 50,000 rows. */
function SortedTowns() {
  const [sorting, setSorting] = useState<SortingState>([{ id: 'people', desc: true }]);
  const [{ id, desc }] = sorting as [SortingState[number]];
  const rows = [...TOWNS].sort(
    (a, b) =>
      (desc ? -1 : 1) * (id === 'name' ? a.name.localeCompare(b.name) : a.people - b.people),
  );
  return (
    <DataTable
      caption="Towns"
      columns={columns}
      data={rows}
      getRowId={(town) => town.id}
      sorting={sorting}
      onSortingChange={setSorting}
    />
  );
}

const bodyRows = () => within(screen.getAllByRole('rowgroup')[1]!).getAllByRole('row');
const firstCells = () => bodyRows().map((row) => within(row).getAllByRole('cell')[0]!.textContent);

describe('DataTable', () => {
  it('names the table and its columns, and shows a cell per column', () => {
    render(<SortedTowns />);
    const table = screen.getByRole('table', { name: 'Towns' });
    const headers = within(table).getAllByRole('columnheader');
    expect(headers.map((header) => header.textContent)).toEqual(['Town', 'People', 'Note']);
    expect(headers.every((header) => header.getAttribute('scope') === 'col')).toBe(true);
    expect(
      within(bodyRows()[0]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Biloxi', '49,000', 'On the coast']);
    expect(within(bodyRows()[0]!).getAllByRole('cell')[1]).toHaveClass('text-right');
  });

  it('sorts by one column at a time: a column starts ascending, then flips', async () => {
    const user = userEvent.setup();
    render(<SortedTowns />);
    const town = screen.getByRole('columnheader', { name: 'Town' });
    const people = screen.getByRole('columnheader', { name: 'People' });
    expect(people).toHaveAttribute('aria-sort', 'descending');
    expect(town).toHaveAttribute('aria-sort', 'none');
    expect(screen.getByRole('columnheader', { name: 'Note' })).not.toHaveAttribute('aria-sort');
    expect(firstCells()).toEqual(['Biloxi', 'Houma', 'Abita Springs']);

    await user.click(within(people).getByRole('button', { name: 'People' }));
    expect(people).toHaveAttribute('aria-sort', 'ascending');
    expect(firstCells()).toEqual(['Abita Springs', 'Houma', 'Biloxi']);

    await user.click(within(town).getByRole('button', { name: 'Town' }));
    expect(town).toHaveAttribute('aria-sort', 'ascending');
    expect(people).toHaveAttribute('aria-sort', 'none');
    expect(firstCells()).toEqual(['Abita Springs', 'Biloxi', 'Houma']);

    await user.click(within(town).getByRole('button', { name: 'Town' }));
    expect(town).toHaveAttribute('aria-sort', 'descending');
    expect(firstCells()).toEqual(['Houma', 'Biloxi', 'Abita Springs']);

    await user.click(within(town).getByRole('button', { name: 'Town' }));
    expect(town).toHaveAttribute('aria-sort', 'ascending');

    await user.click(within(people).getByRole('button', { name: 'People' }));
    expect(people).toHaveAttribute('aria-sort', 'ascending');
    expect(firstCells()).toEqual(['Abita Springs', 'Houma', 'Biloxi']);
  });

  it('pages through rows handed over a page at a time', async () => {
    const user = userEvent.setup();
    function PagedTowns() {
      const [pagination, setPagination] = useState({ pageIndex: 0, pageSize: 2 });
      const start = pagination.pageIndex * pagination.pageSize;
      return (
        <DataTable
          columns={columns}
          data={TOWNS.slice(start, start + pagination.pageSize)}
          getRowId={(town) => town.id}
          pagination={pagination}
          onPaginationChange={setPagination}
          rowCount={TOWNS.length}
          footer={(table) => (
            <>
              <button
                type="button"
                disabled={!table.getCanPreviousPage()}
                onClick={() => table.previousPage()}
              >
                Previous
              </button>
              <button
                type="button"
                disabled={!table.getCanNextPage()}
                onClick={() => table.nextPage()}
              >
                Next
              </button>
            </>
          )}
        />
      );
    }
    render(<PagedTowns />);
    expect(firstCells()).toEqual(['Biloxi', 'Houma']);
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(firstCells()).toEqual(['Abita Springs']);
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(firstCells()).toEqual(['Biloxi', 'Houma']);
  });
});
