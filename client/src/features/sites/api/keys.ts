/**
 * Every admin read of site care starts with this key: a change to one site (added, edited,
 * paused, checked, removed) refreshes the client's list, /admin/sites, the checks and
 * incidents and the dashboard's card at once.
 */
export const ADMIN_SITES_KEY = ['/api/admin/sites'] as const;
