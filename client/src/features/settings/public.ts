/** What other features may use of settings: the business details every screen shows. */
export { renderWithPublicSettings, usePublicSettings } from './api/get-public-settings';
/** The business settings (the plans screen reads the notice of a new price). */
export { useBusinessSettings } from './api/get-business-settings';
