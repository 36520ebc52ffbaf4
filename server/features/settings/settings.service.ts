import { DEFAULT_SETTINGS } from '@shared/constants';
import { DEFAULT_TIME_ZONE } from '@shared/dates';
import type { BusinessSettings, PublicSettings } from '@shared/schemas/settings';
import type { Settings } from '../../db/schema';
import { changedFields, type AuditActor, type AuditTrail } from '../../lib/audit-trail';
import { AppError } from '../../lib/errors';
import type { SettingsRepository } from './settings.repository';

const DEFAULT_BUSINESS: BusinessSettings = {
  businessName: DEFAULT_SETTINGS.businessName,
  businessEmail: DEFAULT_SETTINGS.businessEmail,
  businessPhone: '',
  businessCity: 'New Orleans',
  businessState: 'LA',
  businessWebsite: '',
  autoSendRenewals: true,
  requireAdminTwoFactor: false,
  consultationEmails: true,
  heldMailDigest: true,
  paymentInstructions: '',
  remindersEnabled: true,
  reminderDays: [3, 7, 14],
  attachmentMaxFileMb: 10,
  attachmentMaxMessageMb: 25,
  originalEmailDays: 90,
  signupLinkDays: 7,
  priceChangeNoticeDays: 30,
};

export const OWN_TWO_FACTOR_FIRST =
  'Set up two-factor authentication for your own account before requiring it for every admin.';

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
    requireAdminTwoFactor: row.requireAdminTwoFactor,
    consultationEmails: row.consultationEmails,
    heldMailDigest: row.heldMailDigest,
    paymentInstructions: row.paymentInstructions,
    remindersEnabled: row.remindersEnabled,
    reminderDays: row.reminderDays,
    attachmentMaxFileMb: row.attachmentMaxFileMb,
    attachmentMaxMessageMb: row.attachmentMaxMessageMb,
    originalEmailDays: row.originalEmailDays,
    signupLinkDays: row.signupLinkDays,
    priceChangeNoticeDays: row.priceChangeNoticeDays,
  };
}

/**
 * The one settings record, with the spec's defaults until the owner edits it. `timeZone` is the
 * business's (BILLING_TIMEZONE), handed to every screen and e-mail with the public settings.
 */
export function createSettingsService(
  repository: SettingsRepository,
  audit: AuditTrail,
  { timeZone = DEFAULT_TIME_ZONE }: { timeZone?: string } = {},
) {
  return {
    async getPublic(): Promise<PublicSettings & { timeZone: string }> {
      const business = toBusiness(await repository.find());
      return {
        businessName: business.businessName,
        businessEmail: business.businessEmail,
        businessLocation: `${business.businessCity}, ${business.businessState}`,
        businessPhone: business.businessPhone,
        businessWebsite: business.businessWebsite,
        timeZone,
      };
    },

    /** Whether the owner has saved the business details at least once. */
    async saved(): Promise<boolean> {
      return (await repository.find())?.businessDetailsSaved === true;
    },

    async getBusiness(): Promise<BusinessSettings> {
      return toBusiness(await repository.find());
    },

    /**
     * Saves the details; the admin saving them is audited with the fields that changed. Turning
     * on "Require two-factor authentication for every admin" needs it on the admin's own account
     * (else they would shut themselves out of this very form).
     */
    async saveBusiness(
      values: BusinessSettings,
      by: { actor: AuditActor; hasTwoFactor: boolean },
    ): Promise<BusinessSettings> {
      const before = toBusiness(await repository.find());
      if (values.requireAdminTwoFactor && !before.requireAdminTwoFactor && !by.hasTwoFactor) {
        throw new AppError(409, OWN_TWO_FACTOR_FIRST);
      }
      const after = toBusiness(await repository.save(values));
      const changes = changedFields(before, after);
      if (Object.keys(changes.after).length > 0) {
        await audit.record(by.actor, {
          kind: 'settings.updated',
          targetType: 'settings',
          targetId: '1',
          ...changes,
        });
      }
      return after;
    },
  };
}
export type SettingsService = ReturnType<typeof createSettingsService>;
