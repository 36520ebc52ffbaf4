import * as z from 'zod/mini';

/**
 * GET /api/settings/public: the brand name and contact details every page shows. Its own
 * module, written with zod's small build, because the prerendered landing page parses it too:
 * the landing page loads this module (and zod's core) only when the answer arrives.
 */
export const PublicSettingsSchema = z.object({
  businessName: z.string(),
  businessEmail: z.string(),
  businessLocation: z.string(),
});
export type PublicSettings = z.infer<typeof PublicSettingsSchema>;
