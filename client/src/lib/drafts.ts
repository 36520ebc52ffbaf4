/**
 * Text someone is writing that must survive the page going away (a session that ended and
 * the sign-in that follows): kept in this tab's sessionStorage under the caller's key, so it
 * is back when they return and gone when the tab closes. A browser that refuses storage
 * (private mode, full) only loses the safety net, never the text on screen.
 */
const PREFIX = 'draft:';

export function readDraft(key: string): string {
  try {
    return window.sessionStorage.getItem(PREFIX + key) ?? '';
  } catch {
    return '';
  }
}

/** Keeps `text` (an empty one removes the draft). */
export function saveDraft(key: string, text: string): void {
  try {
    if (text.trim() === '') window.sessionStorage.removeItem(PREFIX + key);
    else window.sessionStorage.setItem(PREFIX + key, text);
  } catch {
    // No storage: nothing to keep it in.
  }
}

export function clearDraft(key: string): void {
  saveDraft(key, '');
}
