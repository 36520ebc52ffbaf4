import {
  clientLabel,
  renderEmail,
  type EmailBrand,
  type EmailClient,
  type RenderedEmail,
} from '../../lib/email-layout';
import { outageDuration } from '@shared/outages';
import { displayDate, displayDateTime } from '../../lib/format';
import {
  newMessageId,
  REPLY_ABOVE_MARKER,
  ticketRootMessageId,
  ticketSubject,
} from '../tickets/ticket-mail';
import type { Send } from '../mail/mail.service';
import { ticketHeaders } from '../tickets/tickets.emails';
import type { SiteEvents } from './site-checks';

/** The ticket an incident opened, as its e-mails name it. */
export interface IncidentTicket {
  id: string;
  number: number;
  subject: string;
}

/** A site that went down: its address, since when, why, and the ticket it opened. */
export interface SiteDownMail {
  clientId: string;
  url: string;
  startedAt: Date;
  reason: string;
  ticket: IncidentTicket;
}

/** A site back up: when it went down and came back, and the incident's ticket if it has one. */
export interface SiteRecoveredMail {
  clientId: string;
  url: string;
  startedAt: Date;
  endedAt: Date;
  ticket: IncidentTicket | null;
}

export interface CertificateExpiringMail {
  clientId: string;
  url: string;
  expiresAt: Date;
  daysLeft: number;
  /** Issued for 90 days or less: it should have renewed itself by now. */
  shortLived: boolean;
}

export interface DomainExpiringMail {
  clientId: string;
  url: string;
  /** The registered domain (example.co.uk of www.example.co.uk). */
  domain: string;
  expiresAt: Date;
  daysLeft: number;
  source: 'rdap' | 'manual';
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** "in 5 days", "today", "5 days ago". */
function daysFromNow(days: number): string {
  if (days === 0) return 'today';
  return days > 0 ? `in ${plural(days, 'day')}` : `${plural(-days, 'day')} ago`;
}

const hostOf = (url: string) => new URL(url).hostname;
const clientPage = (appUrl: string, clientId: string) => `${appUrl}/admin/clients/${clientId}`;

/** The agency hears a client's site is down, and that the client was told. */
export function siteDownAgencyEmail(
  brand: EmailBrand,
  client: EmailClient | null,
  site: SiteDownMail,
  { appUrl }: { appUrl: string },
): RenderedEmail {
  return renderEmail(
    brand,
    `Website down: ${hostOf(site.url)}`,
    [
      `${site.url} of ${clientLabel(client)} is down since ${displayDateTime(site.startedAt, brand.timeZone)}: ${site.reason}.`,
      `We told the client we are on it, and opened ticket #${site.ticket.number} so its response clock runs.`,
    ],
    { href: `${appUrl}/admin/support/${site.ticket.id}`, label: 'Open the ticket' },
  );
}

/**
 * The client hears their site is down and that the agency is on it. It is the first e-mail
 * of the incident's ticket: answering it adds to the ticket.
 */
export function siteDownClientEmail(
  brand: EmailBrand,
  site: SiteDownMail,
  { appUrl }: { appUrl: string },
): RenderedEmail {
  return renderEmail(
    brand,
    ticketSubject(site.ticket.number, site.ticket.subject),
    [
      REPLY_ABOVE_MARKER,
      `Your website ${site.url} has not been answering as it should since ${displayDateTime(site.startedAt, brand.timeZone)} (${site.reason}).`,
      `We are on it, and we will write again as soon as it is back. There is nothing you need to do; answer this e-mail if you want to tell us something.`,
    ],
    { href: `${appUrl}/portal/support/${site.ticket.id}`, label: 'Follow it in your portal' },
  );
}

/** How long it was down, as the report and the screens say it too (shared/outages.ts). */
const downFor = (site: SiteRecoveredMail) => outageDuration(site.startedAt, site.endedAt);

/** The agency hears a site is back, and how long it was down. */
export function siteRecoveredAgencyEmail(
  brand: EmailBrand,
  client: EmailClient | null,
  site: SiteRecoveredMail,
  { appUrl }: { appUrl: string },
): RenderedEmail {
  return renderEmail(
    brand,
    `Website back up: ${hostOf(site.url)}`,
    [
      `${site.url} of ${clientLabel(client)} is answering again since ${displayDateTime(site.endedAt, brand.timeZone)}.`,
      `It was down for ${downFor(site)}.`,
      ...(site.ticket
        ? [
            `Ticket #${site.ticket.number} was resolved with a note saying so; it opens again if the site goes down within a day.`,
          ]
        : []),
    ],
    site.ticket
      ? { href: `${appUrl}/admin/support/${site.ticket.id}`, label: 'Open the ticket' }
      : { href: clientPage(appUrl, site.clientId), label: "See the client's websites" },
  );
}

/** The client hears their site is back, and how long it was down. */
export function siteRecoveredClientEmail(
  brand: EmailBrand,
  site: SiteRecoveredMail,
  { appUrl }: { appUrl: string },
): RenderedEmail {
  const lines = [
    `Good news: your website ${site.url} is back up since ${displayDateTime(site.endedAt, brand.timeZone)}.`,
    `It was down for ${downFor(site)}.`,
  ];
  return site.ticket
    ? renderEmail(
        brand,
        ticketSubject(site.ticket.number, `Your website ${hostOf(site.url)} is back up`),
        [REPLY_ABOVE_MARKER, ...lines],
        { href: `${appUrl}/portal/support/${site.ticket.id}`, label: 'See the ticket' },
      )
    : renderEmail(brand, `Your website ${hostOf(site.url)} is back up`, lines, {
        href: `${appUrl}/portal/dashboard`,
        label: 'See your website',
      });
}

/** The agency hears a site's HTTPS certificate is about to lapse. */
export function certificateExpiringEmail(
  brand: EmailBrand,
  client: EmailClient | null,
  site: CertificateExpiringMail,
  { appUrl }: { appUrl: string },
): RenderedEmail {
  const when = daysFromNow(site.daysLeft);
  return renderEmail(
    brand,
    site.daysLeft < 0
      ? `Certificate expired: ${hostOf(site.url)}`
      : `Certificate expiring: ${hostOf(site.url)} ${when}`,
    [
      `The HTTPS certificate of ${site.url} (${clientLabel(client)}) ${site.daysLeft < 0 ? 'expired' : 'expires'} on ${displayDateTime(site.expiresAt, brand.timeZone)}, ${when}.`,
      site.shortLived
        ? 'It was issued for 90 days or less, so it should have renewed itself by now: check its automatic renewal (certbot, the host’s panel).'
        : 'Renew it before then, or visitors will see a security warning instead of the website.',
    ],
    { href: clientPage(appUrl, site.clientId), label: "See the client's websites" },
  );
}

/** The agency hears a site's domain registration is about to lapse. */
export function domainExpiringEmail(
  brand: EmailBrand,
  client: EmailClient | null,
  site: DomainExpiringMail,
  { appUrl }: { appUrl: string },
): RenderedEmail {
  const when = daysFromNow(site.daysLeft);
  return renderEmail(
    brand,
    site.daysLeft < 0
      ? `Domain expired: ${site.domain}`
      : `Domain expiring: ${site.domain} ${when}`,
    [
      `The domain ${site.domain} of ${site.url} (${clientLabel(client)}) ${site.daysLeft < 0 ? 'expired' : 'expires'} on ${displayDate(site.expiresAt, brand.timeZone)}, ${when}${site.source === 'manual' ? ' (the date typed on the client page)' : ' (from the registry)'}.`,
      'Renew it with its registrar before then, or the website and its e-mail will stop working.',
    ],
    { href: clientPage(appUrl, site.clientId), label: "See the client's websites" },
  );
}

/**
 * Sends what the site checks find (site-checks.ts SiteEvents), in the background: the agency
 * hears of each, and the client of an incident, in its ticket's thread (answering adds to it).
 */
export function createSiteEmails(send: Send): SiteEvents {
  return {
    siteDown(userId, site, mail) {
      send.inBackground(
        'site-down',
        ({ brand, client, appUrl }) => ({
          to: brand.businessEmail,
          ...siteDownAgencyEmail(brand, client, site, { appUrl }),
        }),
        userId,
      );
      send.inBackground(
        'site-down-client',
        (context) =>
          context.client?.email
            ? {
                to: context.client.email,
                ...siteDownClientEmail(context.brand, site, { appUrl: context.appUrl }),
                // The first e-mail of the incident's ticket.
                headers: ticketHeaders(
                  context,
                  site.ticket,
                  mail,
                  ticketRootMessageId(context.supportAddress, site.ticket.id),
                ),
              }
            : null,
        userId,
      );
    },

    /** The website is back: the agency and the client hear how long it was down. */
    siteRecovered(userId, site, mail) {
      send.inBackground(
        'site-recovered',
        ({ brand, client, appUrl }) => ({
          to: brand.businessEmail,
          ...siteRecoveredAgencyEmail(brand, client, site, { appUrl }),
        }),
        userId,
      );
      send.inBackground(
        'site-recovered-client',
        (context) =>
          context.client?.email
            ? {
                to: context.client.email,
                ...siteRecoveredClientEmail(context.brand, site, { appUrl: context.appUrl }),
                ...(site.ticket &&
                  mail && {
                    headers: ticketHeaders(
                      context,
                      site.ticket,
                      mail,
                      newMessageId(context.supportAddress),
                    ),
                  }),
              }
            : null,
        userId,
      );
    },

    certificateExpiring(userId, site) {
      send.inBackground(
        'certificate-expiring',
        ({ brand, client, appUrl }) => ({
          to: brand.businessEmail,
          ...certificateExpiringEmail(brand, client, site, { appUrl }),
        }),
        userId,
      );
    },

    domainExpiring(userId, site) {
      send.inBackground(
        'domain-expiring',
        ({ brand, client, appUrl }) => ({
          to: brand.businessEmail,
          ...domainExpiringEmail(brand, client, site, { appUrl }),
        }),
        userId,
      );
    },
  };
}
