import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import type { UsState } from '@shared/places';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useCitySuggestions } from '../api/get-city-suggestions';

const TYPING_DELAY_MS = 200;

/** What was typed, once the admin has paused typing. */
function useDebounced(value: string): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), TYPING_DELAY_MS);
    return () => clearTimeout(timer);
  }, [value]);
  return settled;
}

/**
 * The city of a search: typed, with the state's cities suggested by the server as one types
 * (the ARIA 1.2 combobox pattern: arrows move through the list, Enter picks, Escape closes).
 * Whatever is typed is the value; the server checks it against its gazetteer.
 */
export function CityCombobox({
  state,
  value,
  onChange,
  error,
  label = 'City*',
}: {
  state: UsState | '';
  value: string;
  onChange: (city: string) => void;
  error?: string;
  label?: string;
}) {
  const id = useId();
  const listId = `${id}-list`;
  const errorId = `${id}-error`;
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const typed = useDebounced(value.trim());
  const suggestions = useCitySuggestions(state, typed);
  const cities = suggestions.data?.cities.map((city) => city.name) ?? [];
  // A city already chosen exactly is not offered back as the only choice.
  const shown = cities.length === 1 && cities[0] === value ? [] : cities;
  const expanded = open && Boolean(state) && shown.length > 0;

  useEffect(() => setActive(-1), [typed, state]);

  function choose(city: string) {
    onChange(city);
    setOpen(false);
    setActive(-1);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!expanded) {
        setOpen(true);
        setActive(event.key === 'ArrowDown' ? 0 : shown.length - 1);
        return;
      }
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => (current + step + shown.length) % shown.length);
    } else if (event.key === 'Enter' && expanded && active >= 0) {
      // Picking a suggestion must not submit the search.
      event.preventDefault();
      choose(shown[active]!);
    } else if (event.key === 'Escape' && expanded) {
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  }

  return (
    <div className="relative space-y-2">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? errorId : undefined}
        disabled={!state}
        placeholder={state ? 'Type a city' : 'Select state first'}
        value={value}
        onChange={(event) => {
          onChange(event.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onClick={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
      />
      <ul
        id={listId}
        role="listbox"
        aria-label={state ? `Cities of ${state}` : 'Cities'}
        hidden={!expanded}
        className="absolute left-0 right-0 z-20 mt-1 max-h-64 overflow-y-auto rounded-md border bg-background py-1 text-sm shadow-md"
      >
        {shown.map((city, index) => (
          <li
            key={city}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === active}
            className={`cursor-pointer px-3 py-2 ${index === active ? 'bg-muted' : ''}`}
            // Chosen on mousedown's release without the input losing focus first.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => choose(city)}
          >
            {city}
          </li>
        ))}
      </ul>
      <p className="sr-only" aria-live="polite">
        {expanded ? `${shown.length} ${shown.length === 1 ? 'city' : 'cities'} suggested` : ''}
      </p>
      {error && (
        <p id={errorId} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
