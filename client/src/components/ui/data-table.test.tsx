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

describe('DataTable as cards on a phone', () => {
  const withActions = column.columns([
    ...columns,
    column.display({
      id: 'actions',
      header: () => <span className="sr-only">Actions</span>,
      cell: ({ row }) => <button type="button">Open {row.original.name}</button>,
    }),
    column.display({
      id: 'coast',
      header: () => <em>Coast</em>,
      meta: { cardLabel: 'Coastline' },
      cell: () => 'Gulf',
    }),
  ]);

  it('labels each value with its column header, keeps the table roles, and leaves unlabelled a column without header text', () => {
    render(
      <DataTable
        caption="Towns"
        columns={withActions}
        data={TOWNS}
        getRowId={(town) => town.id}
        phoneLayout="cards"
      />,
    );
    const table = screen.getByRole('table', { name: 'Towns' });
    expect(within(table).getAllByRole('columnheader')).toHaveLength(5);
    const [first] = bodyRows();
    const cells = within(first!).getAllByRole('cell');
    expect(cells.map((cell) => cell.textContent)).toEqual([
      'TownBiloxi',
      'People49,000',
      'NoteOn the coast',
      'Open Biloxi',
      'CoastlineGulf',
    ]);
    // The label is the cell's first child and the value follows it, so both are read together.
    expect(cells[0]!.firstElementChild).toHaveTextContent(/^Town$/);
    expect(within(cells[3]!).getByRole('button', { name: 'Open Biloxi' })).toBeInTheDocument();
  });

  it('puts each element of the table back in its role, since cards are not displayed as a table', () => {
    render(
      <DataTable columns={columns} data={TOWNS} getRowId={(town) => town.id} phoneLayout="cards" />,
    );
    const table = screen.getByRole('table');
    expect(table).toHaveAttribute('role', 'table');
    expect(table.querySelectorAll('[role="row"]')).toHaveLength(TOWNS.length + 1);
    expect(table.querySelectorAll('td[role="cell"]')).toHaveLength(TOWNS.length * 3);
    expect(table.querySelectorAll('thead[role="rowgroup"], tbody[role="rowgroup"]')).toHaveLength(
      2,
    );
  });

  it('is a plain table unless asked: no labels in the cells, no explicit roles', () => {
    render(<SortedTowns />);
    const table = screen.getByRole('table', { name: 'Towns' });
    expect(table).not.toHaveAttribute('role');
    expect(within(bodyRows()[0]!).getAllByRole('cell')[0]).toHaveTextContent(/^Biloxi$/);
  });
});
