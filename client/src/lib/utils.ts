import { clsx, type ClassValue } from 'clsx';

/**
 * Joins class names. It does not resolve conflicting Tailwind utilities (that library would
 * cost the landing page 7.5 kB of its JavaScript budget): components offer variants, and a
 * caller adds classes that do not fight the component's own ("mt-8", "w-full"), never a
 * second value of the same property.
 */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
