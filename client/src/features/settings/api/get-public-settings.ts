import { queryOptions, useQuery } from '@tanstack/react-query';
import { DEFAULT_SETTINGS } from '@shared/constants';

/** GET /api/settings/public: brand name and contact details shown across the product. */
export interface PublicSettings {
  businessName: string;
  businessEmail: string;
  businessLocation: string;
}

export const publicSettingsQueryOptions = () =>
  queryOptions<PublicSettings>({ queryKey: ['/api/settings/public'] });

/** The settings, with the built-in defaults while loading or if the call fails. */
export function usePublicSettings(): PublicSettings {
  const { data } = useQuery(publicSettingsQueryOptions());
  return data ?? DEFAULT_SETTINGS;
}
