import { Plus, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { Button } from './button';
import { Input } from './input';
import { Label } from './label';

/** The errors react-hook-form holds for one row. */
export interface LineItemErrors {
  description?: FieldError;
  quantity?: FieldError;
  unitPrice?: FieldError;
}

/**
 * The rows of a priced list (an invoice's lines, a proposal's one-off items): description,
 * quantity and unit price in dollars, each row removable, one more added at the end. The
 * form keeps the values; this draws them and says, row by row, what is wrong.
 */
export function LineItemsEditor({
  rows,
  noun,
  label,
  addLabel,
  descriptionPlaceholder,
  minRows = 0,
  error,
  errorsOf,
  registerDescription,
  registerQuantity,
  renderPrice,
  renderNote,
  onAdd,
  onRemove,
}: {
  /** The field array's rows (their `id` keys the row and its inputs). */
  rows: readonly { id: string }[];
  /** What one row is called, in lower case ("line", "item"): labels and ids use it. */
  noun: string;
  /** The list's accessible name. */
  label: string;
  addLabel: string;
  descriptionPlaceholder: string;
  /** Rows that stay: the remove button is off while there are only this many. */
  minRows?: number;
  /** The error of the list as a whole. */
  error?: string;
  errorsOf: (index: number) => LineItemErrors | undefined;
  registerDescription: (index: number) => UseFormRegisterReturn;
  registerQuantity: (index: number) => UseFormRegisterReturn;
  /** The unit price input, given its id and whether it is invalid. */
  renderPrice: (index: number, input: { id: string; 'aria-invalid': boolean }) => ReactNode;
  /** A note under the row (what the server will make of it). */
  renderNote?: (index: number) => ReactNode;
  onAdd: () => void;
  onRemove: (index: number) => void;
}) {
  const Noun = noun.charAt(0).toUpperCase() + noun.slice(1);
  return (
    <>
      {rows.length > 0 && (
        <ul className="space-y-3" aria-label={label}>
          {rows.map((row, index) => {
            const rowErrors = errorsOf(index);
            const n = index + 1;
            const idOf = (part: string) => `${noun}-${row.id}-${part}`;
            return (
              <li
                key={row.id}
                className="grid grid-cols-[1fr_1fr_auto] items-end gap-2 sm:grid-cols-[1fr_6rem_8rem_auto]"
              >
                <div className="col-span-3 sm:col-span-1">
                  <Label htmlFor={idOf('description')} className="text-xs">
                    Description
                    <span className="sr-only">
                      , {noun} {n}
                    </span>
                  </Label>
                  <Input
                    id={idOf('description')}
                    placeholder={descriptionPlaceholder}
                    aria-invalid={Boolean(rowErrors?.description)}
                    {...registerDescription(index)}
                  />
                </div>
                <div>
                  <Label htmlFor={idOf('quantity')} className="text-xs">
                    Qty
                    <span className="sr-only">
                      , {noun} {n}
                    </span>
                  </Label>
                  <Input
                    id={idOf('quantity')}
                    type="number"
                    min={1}
                    step={1}
                    inputMode="numeric"
                    aria-invalid={Boolean(rowErrors?.quantity)}
                    {...registerQuantity(index)}
                  />
                </div>
                <div>
                  <Label htmlFor={idOf('price')} className="text-xs">
                    Unit price ($)
                    <span className="sr-only">
                      , {noun} {n}
                    </span>
                  </Label>
                  {renderPrice(index, {
                    id: idOf('price'),
                    'aria-invalid': Boolean(rowErrors?.unitPrice),
                  })}
                </div>
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  disabled={rows.length <= minRows}
                  onClick={() => onRemove(index)}
                >
                  <Trash2 className="h-4 w-4" aria-hidden="true" />
                  <span className="sr-only">
                    Remove {noun} {n}
                  </span>
                </Button>
                {renderNote?.(index)}
                {(rowErrors?.description || rowErrors?.quantity || rowErrors?.unitPrice) && (
                  <p className="col-span-3 text-sm text-destructive sm:col-span-4">
                    {Noun} {n}:{' '}
                    {rowErrors.description?.message ??
                      rowErrors.quantity?.message ??
                      rowErrors.unitPrice?.message}
                  </p>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {error && (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
      <Button type="button" variant="outline" onClick={onAdd}>
        <Plus className="h-4 w-4" aria-hidden="true" /> {addLabel}
      </Button>
    </>
  );
}
