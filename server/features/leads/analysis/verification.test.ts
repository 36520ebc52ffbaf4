import { describe, expect, it } from 'vitest';
import type { Place } from '@shared/lead-facts';
import { createVerifier, emailMatchesWebsite, nationalPhone, phoneIsValid } from './verification';

const place = { phone: '+1 225-555-0142' } as Place;

describe('verification checks', () => {
  it('checks phone numbers with libphonenumber and writes them in national format', () => {
    expect(phoneIsValid('(225) 344-5678')).toBe(true);
    expect(phoneIsValid('12')).toBe(false);
    expect(phoneIsValid(null)).toBeNull();
    expect(nationalPhone('+1 225 344 5678')).toBe('(225) 344-5678');
    expect(nationalPhone('+44 20 7946 0958')).toBe('+44 20 7946 0958');
  });

  it("asks DNS for the e-mail domain's MX once per domain, and says unknown when DNS is slow", async () => {
    const asked: string[] = [];
    const verify = createVerifier({
      timeoutMs: 50,
      resolveMx: async (domain) => {
        asked.push(domain);
        if (domain === 'slow.com') return new Promise(() => {});
        if (domain === 'none.com') throw Object.assign(new Error('no'), { code: 'ENOTFOUND' });
        return [{ exchange: `mx.${domain}` }];
      },
    });
    expect(await verify(place, 'a@shop.com')).toEqual({ phoneValid: true, emailHasMx: true });
    expect((await verify(place, 'b@shop.com')).emailHasMx).toBe(true);
    expect((await verify(place, 'a@none.com')).emailHasMx).toBe(false);
    expect((await verify(place, 'a@slow.com')).emailHasMx).toBeNull();
    expect((await verify(place, null)).emailHasMx).toBeNull();
    expect(asked).toEqual(['shop.com', 'none.com', 'slow.com']);
  });

  it('matches an e-mail to the website by domain', () => {
    expect(emailMatchesWebsite('info@shop.com', 'https://www.shop.com/')).toBe(true);
    expect(emailMatchesWebsite('shop@gmail.com', 'https://shop.com')).toBe(false);
    expect(emailMatchesWebsite(null, 'https://shop.com')).toBeNull();
  });
});
