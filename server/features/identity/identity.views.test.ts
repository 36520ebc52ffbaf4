// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { signUpPage } from './identity.views';

describe('the create-account page', () => {
  it('links the Terms of Service and the Privacy Policy, each in a new tab', () => {
    const document = new DOMParser().parseFromString(
      signUpPage({ brand: 'Coast & Code', uid: 'abc' }),
      'text/html',
    );
    const form = document.querySelector('form')!;
    expect(form.textContent?.replace(/\s+/g, ' ')).toContain(
      'By creating an account you agree to the Terms of Service and the Privacy Policy',
    );
    const links = [...form.querySelectorAll('a')].map((a) => ({
      label: a.textContent,
      href: a.getAttribute('href'),
      target: a.getAttribute('target'),
    }));
    expect(links).toEqual([
      { label: 'Terms of Service', href: '/terms', target: '_blank' },
      { label: 'Privacy Policy', href: '/privacy', target: '_blank' },
    ]);
  });
});
