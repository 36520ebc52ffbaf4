import { DEFAULT_SETTINGS } from '../../../shared/constants';
import type { SettingsRepository } from './settings.repository';

export interface PublicSettings {
  businessName: string;
  businessEmail: string;
  businessLocation: string;
}

/** The one settings record, with the spec's defaults until the owner edits it. */
export function createSettingsService(repository: SettingsRepository) {
  return {
    async getPublic(): Promise<PublicSettings> {
      const row = await repository.find();
      return {
        businessName: row?.businessName ?? DEFAULT_SETTINGS.businessName,
        businessEmail: row?.businessEmail ?? DEFAULT_SETTINGS.businessEmail,
        businessLocation: DEFAULT_SETTINGS.businessLocation,
      };
    },
  };
}
export type SettingsService = ReturnType<typeof createSettingsService>;
