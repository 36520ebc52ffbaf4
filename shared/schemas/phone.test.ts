import { describe, expect, it } from 'vitest';
import { UpdateProfileSchema } from './profile';
import { BusinessSettingsSchema } from './settings';

const MESSAGE = 'must be a phone number, e.g. (504) 555-0123';

describe('phone numbers', () => {
  const client = (phoneNumber: string) => UpdateProfileSchema.safeParse({ phoneNumber });
  const business = (businessPhone: string) =>
    BusinessSettingsSchema.shape.businessPhone.safeParse(businessPhone);

  it('take the ways people write them, or nothing', () => {
    for (const phone of [
      '',
      '(504) 555-0123',
      '504-555-0123',
      '+1 504 555 0123',
      '504.555.0123',
      '(504) 555-0123 ext. 12',
      '504-555-0123 x4',
    ]) {
      expect(client(phone).success, phone).toBe(true);
      expect(business(phone).success, phone).toBe(true);
    }
  });

  it('refuse the same things for a client as for the business, with one message', () => {
    for (const phone of ['555', 'call me', '504-555-012a', '+1 (504) 555-0123-4567-8901', '---']) {
      const refusedClient = client(phone);
      const refusedBusiness = business(phone);
      expect(refusedClient.success, phone).toBe(false);
      expect(refusedBusiness.success, phone).toBe(false);
      expect(refusedClient.error?.issues[0]?.message).toBe(`Phone number ${MESSAGE}`);
      expect(refusedBusiness.error?.issues[0]?.message).toBe(`Phone ${MESSAGE}`);
    }
  });
});
