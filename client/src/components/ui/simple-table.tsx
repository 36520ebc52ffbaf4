import type { ReactNode } from 'react';

/** A plain data table: one header row of column names, the rows given as children. */
export function SimpleTable({ columns, children }: { columns: string[]; children: ReactNode }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm">
        <thead className="text-left text-muted-foreground">
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col" className="pb-2 font-medium">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y">{children}</tbody>
      </table>
    </div>
  );
}
