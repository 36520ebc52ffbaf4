import { DEFAULT_SETTINGS } from '../../../shared/constants';
import type { BusinessSettings } from '../../../shared/schemas/settings';
import type { Settings } from '../../db/schema';
import type { SettingsRepository } from './settings.repository';

export interface PublicSettings {
  businessName: string;
  businessEmail: string;
  businessLocation: string;
}

const DEFAULT_BUSINESS: BusinessSettings = {
  businessName: DEFAULT_SETTINGS.businessName,
  businessEmail: DEFAULT_SETTINGS.businessEmail,
  businessPhone: '',
  businessCity: 'New Orleans',
  businessState: 'LA',
  businessWebsite: '',
  autoSendRenewals: true,
};

function toBusiness(row: Settings | undefined): BusinessSettings {
  if (!row) return DEFAULT_BUSINESS;
  return {
    businessName: row.businessName,
    businessEmail: row.businessEmail,
    businessPhone: row.businessPhone,
    businessCity: row.businessCity,
    businessState: row.businessState,
    businessWebsite: row.businessWebsite,
    autoSendRenewals: row.autoSendRenewals,
  };
}

/** The one settings record, with the spec's defaults until the owner edits it. */
export function createSettingsService(repository: SettingsRepository) {
  return {
    async getPublic(): Promise<PublicSettings> {
      const business = toBusiness(await repository.find());
      return {
        businessName: business.businessName,
        businessEmail: business.businessEmail,
        businessLocation: `${business.businessCity}, ${business.businessState}`,
      };
    },

    async getBusiness(): Promise<BusinessSettings> {
      return toBusiness(await repository.find());
    },

    async saveBusiness(values: BusinessSettings): Promise<BusinessSettings> {
      return toBusiness(await repository.save(values));
    },
  };
}
export type SettingsService = ReturnType<typeof createSettingsService>;
