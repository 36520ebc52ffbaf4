import type { LegalPageId } from '@shared/schemas/legal-pages';
import type { PublicSettings } from '@shared/schemas/settings';

/** The business as the default texts name it: from Settings, as they are when the page is read. */
type Business = Pick<PublicSettings, 'businessName' | 'businessEmail' | 'businessLocation'>;

/**
 * Markdown would take `*`, `_`, `[`... in a business name as formatting (and a leading `#` as
 * a heading): the defaults show the owner's words as written.
 */
const plain = (text: string) =>
  text.replace(/[\\`*_[\]<>]/g, (c) => `\\${c}`).replace(/^([#>+-])/, '\\$1');

/*
 * The page shows its title as its heading (LEGAL_PAGE_TITLES): the texts start under it, with
 * sections as `##`.
 */

/**
 * The Privacy Policy until the owner writes their own: what this product really stores
 * (accounts, invoices and payments, tickets, consultation requests, e-mails, the session
 * cookie, card payments through Stripe), in plain words.
 */
function privacy(business: Business): string {
  const name = plain(business.businessName);
  const email = business.businessEmail;
  return `${name} ("we", "us") designs, hosts and maintains websites for small businesses. This page says what we keep about you when you use this website and our client portal, why, and what you can ask of us.

## What we keep

- **Consultation requests.** When you ask for a free consultation, we keep the name, e-mail address, business name, phone number and project details you type, to answer you.
- **Your account.** When you become a client: your name, e-mail address, phone number and business details, and how you sign in. Passwords are stored only as a one-way hash; we cannot read them.
- **Plans, invoices and payments.** The plan you choose, the invoices we send you, and the payments made on them (amount, date, method). We keep these as long as the law requires us to keep accounting records.
- **Support tickets.** The requests you send us through the portal and our replies.
- **E-mails.** A copy of the e-mails we send you (invoices, receipts, sign-in codes, replies), so that we can tell what reached you. Sign-in codes and links are removed from the copy once used or expired.
- **Businesses we may contact.** To find businesses that may want a website, we look up publicly listed business details (name, address, phone, website). We do not buy personal data.

## Card payments

Card payments are made on Stripe's secure payment page. Your card number goes to Stripe, never to us: we keep only what Stripe tells us about the payment (the amount, the date, and the card's brand and last four digits when you save a card for automatic payments). Stripe handles card details under its own privacy policy at https://stripe.com/privacy.

## Cookies

We use cookies only to keep you signed in: a session cookie, and a small cookie that only says that you are signed in. We use no advertising or tracking cookies and no analytics that follow you across websites.

## Who sees your information

Only ${name} and the services that run this website for us: our hosting, our e-mail provider (to deliver our e-mails), and Stripe (for card payments). We do not sell or rent your information to anyone.

## Your choices

You can ask us for a copy of what we keep about you, to correct it, or to delete it (except records the law requires us to keep, such as invoices). Write to ${email}.

## Contact

${name}, ${plain(business.businessLocation)}. E-mail: ${email}.

We will post any change to this policy on this page.
`;
}

/** The Terms of Service until the owner writes their own: how the monthly plans work. */
function terms(business: Business): string {
  const name = plain(business.businessName);
  const email = business.businessEmail;
  return `These terms apply to the website services of ${name} ("we", "us") and to the use of this website and our client portal. By choosing a plan or creating an account you agree to them.

## Our services

We design, build, host and maintain a website for your business on the monthly plan you choose. What each plan includes is listed on our website at the time you choose it. Work beyond your plan is agreed and priced with you first.

## Your account

Keep your sign-in details to yourself: you are responsible for what is done with your account. Tell us at ${email} if you think someone else has used it.

## Plans, invoices and payment

- Plans are billed monthly, in advance. Each invoice says what it is for, its due date, and how to pay it.
- You can pay by card through Stripe, or as the invoice's payment instructions say. If you save a card for automatic payments, each renewal is charged to it.
- An invoice not paid by its due date may be reminded by e-mail; if it stays unpaid, we may pause the work and the hosting of your website until it is paid.
- You can change your plan or cancel it from the client portal. A cancellation takes effect at the end of the period already paid; we do not refund a period that has started unless the law requires it.

## Your content

You keep the rights to the texts, images and logos you give us, and you confirm you may use them. You let us use them to build and run your website. Once the work is paid, the design made for you is yours to use.

## Acceptable use

Do not use our services for anything unlawful, to send spam, or to harm others or our systems. We may suspend a website that does.

## Liability

We work with care and fix what we get wrong. As far as the law allows, we are not liable for indirect losses, such as lost profits, and our liability is limited to the amounts you paid us in the three months before the claim.

## Changes

We may update these terms; we will post the new version on this page and, for a change that matters to clients, tell you by e-mail before it applies.

## Contact

${name}, ${plain(business.businessLocation)}. E-mail: ${email}.
`;
}

const DEFAULTS: Record<LegalPageId, (business: Business) => string> = { privacy, terms };

/** The page's default text, naming the business as Settings have it now. */
export function defaultLegalMarkdown(page: LegalPageId, business: Business): string {
  return DEFAULTS[page](business);
}
