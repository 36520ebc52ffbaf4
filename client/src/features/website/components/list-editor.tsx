import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';

/**
 * A list of the content (portfolio items, questions...): each item in its own box with Move
 * up, Move down and Remove, named after the item for screen readers, and Add at the end.
 */
export function ListEditor<T extends { id: string }>({
  items,
  itemName,
  describe,
  renderItem,
  onAdd,
  onMove,
  onRemove,
  max,
  emptyText,
}: {
  items: T[];
  /** "portfolio item", "question". */
  itemName: string;
  /** What names the item on its buttons ("Bayou Bites Café"). */
  describe: (index: number) => string;
  renderItem: (index: number) => ReactNode;
  onAdd: () => void;
  onMove: (from: number, to: number) => void;
  onRemove: (index: number) => void;
  max: number;
  emptyText: string;
}) {
  return (
    <div className="space-y-3">
      {items.length === 0 && <p className="text-sm text-muted-foreground">{emptyText}</p>}
      <ol className="space-y-3">
        {items.map((item, index) => {
          const name = describe(index) || `${itemName} ${index + 1}`;
          return (
            <li key={item.id} className="min-w-0 space-y-3 rounded-md border p-3 sm:p-4">
              {renderItem(index)}
              <div className="flex flex-wrap gap-2 border-t pt-3">
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  disabled={index === 0}
                  onClick={() => onMove(index, index - 1)}
                  aria-label={`Move ${name} up`}
                >
                  <ArrowUp className="h-4 w-4" aria-hidden="true" />
                  Up
                </Button>
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  disabled={index === items.length - 1}
                  onClick={() => onMove(index, index + 1)}
                  aria-label={`Move ${name} down`}
                >
                  <ArrowDown className="h-4 w-4" aria-hidden="true" />
                  Down
                </Button>
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  onClick={() => onRemove(index)}
                  aria-label={`Remove ${name}`}
                >
                  <Trash2 className="h-4 w-4" aria-hidden="true" />
                  Remove
                </Button>
              </div>
            </li>
          );
        })}
      </ol>
      <Button type="button" variant="outline" onClick={onAdd} disabled={items.length >= max}>
        <Plus className="h-4 w-4" aria-hidden="true" />
        Add {itemName}
      </Button>
    </div>
  );
}
