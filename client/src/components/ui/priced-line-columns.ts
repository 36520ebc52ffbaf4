import { formatCents } from '@shared/money';
import { dataColumns } from './data-table';

/** A priced row in cents, as an invoice's lines and a proposal's items are. */
export interface PricedLine {
  description: string;
  quantity: number;
  unitPrice: number;
  total: number;
}

/**
 * The columns of a table of priced rows: description, quantity, unit price and amount, the
 * figures right-aligned and in dollars. `headers` name the first and the price columns.
 */
export function pricedLineColumns<T extends PricedLine>(headers: {
  description: string;
  unitPrice: string;
}) {
  const column = dataColumns<T>();
  return column.columns([
    column.accessor((line) => line.description, { id: 'description', header: headers.description }),
    column.accessor((line) => line.quantity, {
      id: 'quantity',
      header: 'Qty',
      meta: { align: 'right' },
    }),
    column.accessor((line) => line.unitPrice, {
      id: 'unitPrice',
      header: headers.unitPrice,
      meta: { align: 'right' },
      cell: (cell) => formatCents(cell.getValue()),
    }),
    column.accessor((line) => line.total, {
      id: 'total',
      header: 'Amount',
      meta: { align: 'right' },
      cell: (cell) => formatCents(cell.getValue()),
    }),
  ]);
}
