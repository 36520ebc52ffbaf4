import { http } from 'msw';
import {
  ClientTaxSettingsSchema,
  TaxRateListSchema,
  type ClientTaxSettings,
  type TaxRate,
} from '@shared/schemas/tax';
import { json } from './api-server';

/** A tax rate as GET /api/admin/tax-rates lists it (active, not default, unused). */
export function taxRate(
  overrides: Partial<TaxRate> & Pick<TaxRate, 'id' | 'name' | 'percent'>,
): TaxRate {
  return {
    isDefault: false,
    retiredAt: null,
    used: false,
    createdAt: '2026-11-01T12:00:00.000Z',
    ...overrides,
  };
}

/** Louisiana's state rate and Orleans parish's, the state's the default (ids are uuids). */
export const LOUISIANA_RATES: TaxRate[] = [
  taxRate({
    id: '00000000-0000-4000-8000-000000000001',
    name: 'Louisiana state',
    percent: 4.45,
    isDefault: true,
  }),
  taxRate({ id: '00000000-0000-4000-8000-000000000002', name: 'Orleans parish', percent: 5 }),
];

/** GET /api/admin/tax-rates?retired=true: the agency's rates (none by default). */
export function taxRatesHandler(rates: TaxRate[] = []) {
  return http.get('/api/admin/tax-rates', () => json(TaxRateListSchema, { items: rates }));
}

/** GET /api/admin/clients/{id}/tax: how the client is taxed (not exempt, the defaults). */
export function clientTaxHandler(
  settings: ClientTaxSettings = {
    taxExempt: false,
    taxExemptCertificate: null,
    taxRateIds: [],
    lateFeeExempt: false,
  },
) {
  return http.get('/api/admin/clients/:id/tax', () => json(ClientTaxSettingsSchema, settings));
}
