/** What other features may use of settings: the business details every screen shows. */
export { renderWithPublicSettings, usePublicSettings } from './api/get-public-settings';
