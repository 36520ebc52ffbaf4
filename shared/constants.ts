/** Business constants of the product spec (section 9), written once. */

export const DEFAULT_SETTINGS = {
  businessName: 'Coast & Code Studio',
  businessEmail: 'hello@coastandcode.studio',
  businessLocation: 'New Orleans, LA',
  businessPhone: '',
  businessWebsite: '',
} as const;

/** The element in which the server writes the public settings into every page it serves. */
export const PUBLIC_SETTINGS_ELEMENT_ID = 'public-settings';

export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;
export const TOAST_HOTKEY = ['F8'];

export const UNAUTHORIZED_REDIRECT_DELAY_MS = 500;
export const NAV_SCROLL_THRESHOLD_PX = 50;
export const SCROLL_REVEAL_MARGIN_PX = 150;

export const DASHBOARD_TICKET_LIMIT = 5;
/** Days a signup link works until the owner sets otherwise (Settings; the spec said 24 hours). */
export const DEFAULT_SIGNUP_LINK_DAYS = 7;

export const USER_QUERY_STALE_MS = 5 * 60 * 1000;
export const USER_QUERY_GC_MS = 10 * 60 * 1000;

/**
 * A cookie readable by the page (no secret in it) that says a client session probably
 * exists, so public pages skip asking the server for the user when it does not.
 */
export const SIGNED_IN_HINT_COOKIE = 'signed_in';
