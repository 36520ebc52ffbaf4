import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SiteFooter } from './site-footer';

const contact = () => within(screen.getByRole('heading', { name: 'Contact' }).parentElement!);

describe('SiteFooter', () => {
  it('shows the phone and website from Settings when they are set, as links', () => {
    render(
      <SiteFooter
        brand="Bayou Web Works"
        email="team@bayouweb.example"
        location="Biloxi, MS"
        phone="(228) 555-0142"
        website="https://www.bayouweb.example/"
      />,
    );
    expect(contact().getByRole('link', { name: 'team@bayouweb.example' })).toHaveAttribute(
      'href',
      'mailto:team@bayouweb.example',
    );
    expect(contact().getByRole('link', { name: '(228) 555-0142' })).toHaveAttribute(
      'href',
      'tel:2285550142',
    );
    expect(contact().getByRole('link', { name: 'bayouweb.example' })).toHaveAttribute(
      'href',
      'https://www.bayouweb.example/',
    );
    expect(contact().getByText('Biloxi, MS')).toBeInTheDocument();
  });

  it('leaves out what is not set', () => {
    render(
      <SiteFooter brand="Bayou Web Works" email="team@bayouweb.example" location="Biloxi, MS" />,
    );
    expect(contact().getAllByRole('link')).toHaveLength(1);
  });

  it('links the legal pages, which open without an alert', () => {
    render(
      <SiteFooter brand="Bayou Web Works" email="team@bayouweb.example" location="Biloxi, MS" />,
    );
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
      'href',
      '/privacy',
    );
    expect(screen.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute(
      'href',
      '/terms',
    );
    expect(screen.queryByRole('button', { name: /Privacy|Terms/ })).toBeNull();
  });
});
