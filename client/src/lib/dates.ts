import { format, parseISO } from 'date-fns';

/** 'MMM d, yyyy' (Nov 22, 2026), the product's date format; ISO strings from the API. */
export function formatDate(iso: string): string {
  return format(parseISO(iso), 'MMM d, yyyy');
}

/** With the time of day, for messages. */
export function formatDateTime(iso: string): string {
  return format(parseISO(iso), "MMM d, yyyy 'at' h:mm a");
}
