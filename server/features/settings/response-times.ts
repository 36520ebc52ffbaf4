import { DEFAULT_RESPONSE_TIMES, type ResponsePolicy } from '@shared/response-targets';
import type {
  ResponseTimeSettings,
  ResponseTimeSettingsView,
} from '@shared/schemas/response-times';
import type { ResponseTimeSettingsRow } from '../../db/schema';
import { changedFields, type AuditActor, type AuditTrail } from '../../lib/audit-trail';
import type { ResponseTimeRepository } from './response-times.repository';

export interface ResponseTimeDeps {
  repository: ResponseTimeRepository;
  audit: AuditTrail;
  /** BILLING_TIMEZONE: the support hours' zone unless Settings name another. */
  defaultTimeZone: string;
  /** Each plan's targets, from the plan catalogue. */
  planTargets: () => Promise<ResponsePolicy['plans']>;
}

function toSettings(row: ResponseTimeSettingsRow | undefined): ResponseTimeSettings {
  if (!row) return DEFAULT_RESPONSE_TIMES;
  return {
    workingDays: row.workingDays,
    opensAt: row.opensAt,
    closesAt: row.closesAt,
    timeZone: row.timeZone,
  };
}

/**
 * The support hours (Settings, issue 27), with each plan's response targets from the plan
 * catalogue: the defaults until the owner saves them. A saved change applies to answers owed from then on; due times
 * already counted stay as they were promised.
 */
export function createResponseTimes({
  repository,
  audit,
  defaultTimeZone,
  planTargets,
}: ResponseTimeDeps) {
  async function get(): Promise<ResponseTimeSettings> {
    return toSettings(await repository.find());
  }
  return {
    async view(): Promise<ResponseTimeSettingsView> {
      return { settings: await get(), defaultTimeZone };
    },

    /** The targets in force, with the zone a blank one stands for. */
    async policy(): Promise<ResponsePolicy> {
      const [settings, plans] = await Promise.all([get(), planTargets()]);
      return { settings, plans, timeZone: settings.timeZone || defaultTimeZone };
    },

    async save(values: ResponseTimeSettings, actor: AuditActor): Promise<ResponseTimeSettingsView> {
      const before = await get();
      const after = toSettings(await repository.save(values));
      const changes = changedFields(before, after);
      if (Object.keys(changes.after).length > 0) {
        await audit.record(actor, {
          kind: 'settings.updated',
          targetType: 'settings',
          targetId: 'response-times',
          ...changes,
        });
      }
      return { settings: after, defaultTimeZone };
    },
  };
}
export type ResponseTimes = ReturnType<typeof createResponseTimes>;
