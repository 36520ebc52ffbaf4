import { formatOutage } from '@shared/outages';
import { formatMonth } from '@shared/dates';
import { formatCents } from '@shared/money';
import { displayDate, displayDateTime } from '../../lib/format';
import {
  ACCENT,
  drawFooter,
  drawIssuer,
  INK,
  MUTED,
  startPdf,
  type Letterhead,
  type Pdf,
} from '../../lib/pdf-document';
import { totalPaidCents, type ReportFacts, type SiteFacts } from './report-facts';
import {
  formatDuration,
  formatMs,
  formatPercent,
  healthLine,
  overallUptime,
  periodLine,
  updatesLine,
} from './report-wording';

/** The agency as its reports name it, and the zone their dates are written in. */
export interface ReportIssuer extends Letterhead {
  timeZone: string;
}

const GOOD = '#15803d';
const BAD = '#b91c1c';
const RULE = '#cbd5e1';
const FAINT = '#e2e8f0';
/** At most this many pages: what does not fit is named, never a third page. */
const MAX_PAGES = 2;
/** Sites drawn in full (figures, chart, incidents); any others get one line each. */
const FULL_SITES = 3;
const INCIDENTS_SHOWN = 3;
const INVOICES_SHOWN = 6;
const FOOTER_SPACE = 40;

/**
 * One client's monthly report as an A4 PDF of one or two pages, in the invoices' look and the
 * business's name: a summary, then each website (uptime, incidents, median response time with
 * a chart of it per day drawn as lines, certificate and domain dates, health score and its
 * trend), support, updates against the plan, and the invoices paid. Dates are the business's.
 */
export async function renderReportPdf(facts: ReportFacts, issuer: ReportIssuer): Promise<Buffer> {
  const tz = issuer.timeZone;
  const month = formatMonth(facts.month);
  const pdf = await startPdf({
    Title: `Monthly report, ${month}`,
    Author: issuer.businessName,
    Subject: `Monthly report for ${facts.client.name}, ${month}`,
  });
  const { doc, done, left, right, width } = pdf;
  const footer = `Questions about this report? Write to ${issuer.businessEmail}.`;
  const bottom = () => doc.page.height - doc.page.margins.bottom - FOOTER_SPACE;
  let pages = 1;
  let y = 0;

  /** Room for `height` more points: on this page, or a new one while pages are left. */
  function room(height: number): boolean {
    if (y + height <= bottom()) return true;
    if (pages >= MAX_PAGES) return false;
    drawFooter(pdf, footer);
    doc.addPage();
    pages += 1;
    y = doc.page.margins.top;
    return true;
  }

  /**
   * Room for a website's `height` that still leaves `reserve` on the last page: support and
   * the invoices come after the websites and are never the ones left out.
   */
  function roomKeeping(height: number, reserve: number): boolean {
    if (!room(height)) return false;
    return pages < MAX_PAGES || y + height + reserve <= bottom();
  }

  function heading(text: string) {
    doc.fillColor(MUTED).font('Helvetica-Bold').fontSize(9).text(text.toUpperCase(), left, y);
    y = doc.y + 4;
    doc.moveTo(left, y).lineTo(right, y).strokeColor(ACCENT).lineWidth(1).stroke();
    y += 8;
  }

  function line(text: string, options: { color?: string; bold?: boolean; size?: number } = {}) {
    doc
      .fillColor(options.color ?? INK)
      .font(options.bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(options.size ?? 10)
      .text(text, left, y, { width });
    y = doc.y + 3;
  }

  drawIssuer(pdf, issuer);
  doc
    .fillColor(INK)
    .font('Helvetica-Bold')
    .fontSize(20)
    .text('MONTHLY REPORT', left, 50, { width, align: 'right' });
  doc.font('Helvetica').fontSize(12).text(month, { width, align: 'right' });
  doc.fillColor(MUTED).fontSize(9).text(periodLine(facts, tz), { width, align: 'right' });

  y = 140;
  doc.fillColor(MUTED).font('Helvetica-Bold').fontSize(9).text('PREPARED FOR', left, y);
  doc
    .fillColor(INK)
    .font('Helvetica')
    .fontSize(11)
    .text(facts.client.name, left, doc.y + 2);
  if (facts.client.businessName) doc.text(facts.client.businessName);
  if (facts.plan) {
    doc
      .fillColor(MUTED)
      .fontSize(10)
      .text(`${facts.planName ?? facts.plan} plan`);
  }
  y = doc.y + 14;

  drawSummary(pdf, facts, y);
  y += 58;

  heading('Your websites');
  if (facts.sites.length === 0) {
    line('No website is watched for you yet.', { color: MUTED });
  }
  const paid = facts.invoicesPaid;
  const credited = facts.creditNotes ?? [];
  const invoicesHeight =
    50 +
    (Math.min(paid.length, INVOICES_SHOWN) + Math.min(credited.length, INVOICES_SHOWN)) * 16 +
    16;
  const reserve = 76 + invoicesHeight + 24;
  const full = facts.sites.slice(0, FULL_SITES);
  const brief = facts.sites.slice(FULL_SITES);
  let leftOut = 0;
  for (const site of full) {
    if (!roomKeeping(siteHeight(site), reserve)) {
      leftOut += 1;
      continue;
    }
    y = drawSite(pdf, site, y, tz);
  }
  if (brief.length > 0 && roomKeeping(30, reserve)) {
    y += 4;
    line('Your other websites', { bold: true, size: 9 });
  }
  for (const site of brief) {
    if (!roomKeeping(16, reserve)) {
      leftOut += 1;
      continue;
    }
    doc
      .fillColor(INK)
      .font('Helvetica')
      .fontSize(9)
      .text(
        `${site.url}: uptime ${formatPercent(site.uptimePercent)}, ${site.incidents.length} ${site.incidents.length === 1 ? 'incident' : 'incidents'}, median ${formatMs(site.medianResponseMs)}, health ${site.health.score ?? 'not measured'}`,
        left,
        y,
        { width },
      );
    y = doc.y + 4;
  }
  if (leftOut > 0 && room(14)) {
    line(
      `And ${leftOut} more ${leftOut === 1 ? 'website' : 'websites'}: ask us for their figures.`,
      {
        color: MUTED,
        size: 9,
      },
    );
  }

  if (room(70)) {
    y += 6;
    heading('Support');
    const { opened, resolved, medianFirstResponseMinutes } = facts.tickets;
    line(
      `Tickets opened: ${opened}   Resolved: ${resolved}   Median first response: ${
        medianFirstResponseMinutes === null
          ? 'none answered'
          : formatDuration(medianFirstResponseMinutes)
      }`,
    );
    line(`Website updates: ${updatesLine(facts)}`);
  }

  if (room(invoicesHeight)) {
    y += 6;
    heading('Invoices paid');
    if (paid.length === 0) line('No invoice was paid in this period.', { color: MUTED });
    const row = (label: string, when: string, cents: number) => {
      doc.fillColor(INK).font('Helvetica').fontSize(10).text(label, left, y, { width: 200 });
      doc.text(when, left + 200, y, { width: 160 });
      doc.text(formatCents(cents), left + 360, y, { width: width - 360, align: 'right' });
      y += 16;
    };
    for (const invoice of paid.slice(0, INVOICES_SHOWN)) {
      row(
        invoice.invoiceNumber ?? 'Invoice',
        `Paid ${displayDate(invoice.paidAt, tz)}`,
        invoice.amountCents,
      );
    }
    if (paid.length > INVOICES_SHOWN) {
      line(`And ${paid.length - INVOICES_SHOWN} more: every invoice is in your client portal.`, {
        color: MUTED,
        size: 9,
      });
    }
    // Money given back in the period is taken off what was paid (a credit note).
    for (const note of credited.slice(0, INVOICES_SHOWN)) {
      row(
        note.creditNoteNumber ?? 'Credit note',
        `Credited ${displayDate(note.issuedAt, tz)}`,
        -note.amountCents,
      );
    }
    if (credited.length > INVOICES_SHOWN) {
      line(`And ${credited.length - INVOICES_SHOWN} more credit notes.`, { color: MUTED, size: 9 });
    }
    if (paid.length > 0 || credited.length > 0) {
      doc
        .moveTo(left + 360, y)
        .lineTo(right, y)
        .strokeColor(RULE)
        .lineWidth(0.5)
        .stroke();
      y += 4;
      doc
        .fillColor(INK)
        .font('Helvetica-Bold')
        .text(`Total paid ${formatCents(totalPaidCents(facts))}`, left, y, {
          width,
          align: 'right',
        });
      y = doc.y + 4;
    }
  }

  if (room(20)) {
    doc
      .fillColor(MUTED)
      .font('Helvetica')
      .fontSize(8)
      .text(`Made ${displayDateTime(new Date(facts.madeAt), tz)}.`, left, y + 8, { width });
  }
  drawFooter(pdf, footer);
  doc.end();
  return done;
}

/** Four figures across the page: uptime, incidents, tickets, updates. */
function drawSummary({ doc, left, width }: Pdf, facts: ReportFacts, top: number) {
  const incidents = facts.sites.reduce((sum, site) => sum + site.incidents.length, 0);
  const uptime = overallUptime(facts);
  const tiles: Array<[string, string]> = [
    ['Uptime', formatPercent(uptime)],
    ['Incidents', String(incidents)],
    ['Tickets resolved', `${facts.tickets.resolved} of ${facts.tickets.opened} opened`],
    [
      'Updates used',
      facts.updates.included === null
        ? String(facts.updates.used)
        : `${facts.updates.used} of ${facts.updates.included}`,
    ],
  ];
  const gap = 8;
  const tileWidth = (width - gap * (tiles.length - 1)) / tiles.length;
  tiles.forEach(([label, value], index) => {
    const x = left + index * (tileWidth + gap);
    doc.roundedRect(x, top, tileWidth, 46, 4).fillColor('#f1f5f9').fill();
    doc
      .fillColor(MUTED)
      .font('Helvetica-Bold')
      .fontSize(8)
      .text(label.toUpperCase(), x + 8, top + 8, { width: tileWidth - 16, lineBreak: false });
    doc
      .fillColor(INK)
      .font('Helvetica-Bold')
      .fontSize(13)
      .text(value, x + 8, top + 22, { width: tileWidth - 16, lineBreak: false });
  });
}

const CHART_HEIGHT = 64;

/** How tall a site's block is, so it is never cut by the page's end. */
function siteHeight(site: SiteFacts): number {
  const incidents = Math.min(site.incidents.length, INCIDENTS_SHOWN);
  return (
    22 + // address
    30 + // figures
    CHART_HEIGHT +
    28 + // chart labels and dates
    (incidents > 0
      ? 16 + incidents * 14 + (site.incidents.length > INCIDENTS_SHOWN ? 14 : 0)
      : 14) +
    (site.health.issues.length > 0 ? 14 * site.health.issues.length + 14 : 0) +
    12
  );
}

/** One website: its figures, its response time per day, its dates, incidents and health. */
function drawSite(pdf: Pdf, site: SiteFacts, top: number, tz: string): number {
  const { doc, left, right, width } = pdf;
  let y = top;
  doc
    .fillColor(ACCENT)
    .font('Helvetica-Bold')
    .fontSize(12)
    .text(site.url, left, y, { width: width - 90, height: 15, ellipsis: true });
  if (site.paused) {
    doc
      .fillColor(MUTED)
      .font('Helvetica')
      .fontSize(9)
      .text('Checks paused', left, y + 2, {
        width,
        align: 'right',
      });
  }
  y += 20;

  const figures: Array<[string, string, string?]> = [
    [
      'Uptime',
      formatPercent(site.uptimePercent),
      site.uptimePercent !== null && site.uptimePercent < 99 ? BAD : undefined,
    ],
    ['Incidents', String(site.incidents.length)],
    ['Median response', formatMs(site.medianResponseMs)],
    ['Health score', site.health.score === null ? 'Not measured' : `${site.health.score} of 100`],
  ];
  const column = width / figures.length;
  figures.forEach(([label, value, color], index) => {
    const x = left + index * column;
    doc.fillColor(MUTED).font('Helvetica').fontSize(8).text(label, x, y, { lineBreak: false });
    doc
      .fillColor(color ?? INK)
      .font('Helvetica-Bold')
      .fontSize(11)
      .text(value, x, y + 10, { width: column - 6, lineBreak: false });
  });
  y += 30;

  y = drawResponseChart(pdf, site, y, tz);

  const dates = [
    `Certificate expires: ${site.certificateExpiresAt ? displayDate(site.certificateExpiresAt, tz) : 'not known'}`,
    `Domain expires: ${site.domainExpiresAt ? displayDate(site.domainExpiresAt, tz) : 'not known'}`,
  ].join('     ');
  doc.fillColor(INK).font('Helvetica').fontSize(9).text(dates, left, y, { width });
  y = doc.y + 4;

  if (site.incidents.length === 0) {
    doc.fillColor(GOOD).text('No incidents in this period.', left, y, { width });
    y = doc.y + 2;
  } else {
    doc.fillColor(MUTED).font('Helvetica-Bold').fontSize(8);
    doc.text('INCIDENT STARTED', left, y);
    doc.text('ENDED', left + 150, y);
    doc.text('DOWN FOR', left + 300, y);
    doc.text('WHY', left + 370, y);
    y += 12;
    doc.font('Helvetica').fontSize(9).fillColor(INK);
    for (const incident of site.incidents.slice(0, INCIDENTS_SHOWN)) {
      doc.text(displayDateTime(new Date(incident.startedAt), tz), left, y, {
        width: 148,
        lineBreak: false,
      });
      doc.text(
        incident.endedAt ? displayDateTime(new Date(incident.endedAt), tz) : 'Still down',
        left + 150,
        y,
        { width: 148, lineBreak: false },
      );
      doc.text(formatOutage(incident.durationMinutes), left + 300, y, {
        width: 68,
        lineBreak: false,
      });
      doc.text(incident.reason, left + 370, y, {
        width: right - left - 370,
        height: 11,
        ellipsis: true,
      });
      y += 14;
    }
    if (site.incidents.length > INCIDENTS_SHOWN) {
      doc
        .fillColor(MUTED)
        .text(`And ${site.incidents.length - INCIDENTS_SHOWN} more.`, left, y, { width });
      y += 14;
    }
  }

  doc
    .fillColor(INK)
    .font('Helvetica')
    .fontSize(9)
    .text(`Health score: ${healthLine(site.health)}`, left, y + 2, { width });
  y = doc.y + 2;
  for (const issue of site.health.issues) {
    doc.fillColor(MUTED).text(`To improve: ${issue}`, left + 10, y, { width: width - 10 });
    y = doc.y + 1;
  }
  return y + 12;
}

/** A round top for the chart's scale: 100, 200, 500, 1000, 2000... */
function scaleTop(max: number): number {
  for (let step = 100; ; step *= 10) {
    for (const top of [step, step * 2, step * 5]) if (max <= top) return top;
  }
}

/**
 * The median response per day as a line (vectors, no image), gaps where no check answered,
 * and a red mark under each day the site failed a check; the scale on the left, the first
 * and last day below.
 */
function drawResponseChart({ doc, left, width }: Pdf, site: SiteFacts, top: number, tz: string) {
  const axis = 44;
  const x0 = left + axis;
  const chartWidth = width - axis;
  const values = site.days.map((day) => day.medianResponseMs);
  const max = scaleTop(Math.max(1, ...values.map((value) => value ?? 0)));
  const step = site.days.length > 1 ? chartWidth / (site.days.length - 1) : 0;
  const xAt = (index: number) => (site.days.length > 1 ? x0 + index * step : x0 + chartWidth / 2);
  const yAt = (value: number) => top + CHART_HEIGHT - (value / max) * (CHART_HEIGHT - 6);

  doc.rect(x0, top, chartWidth, CHART_HEIGHT).fillColor('#f8fafc').fill();
  for (const fraction of [0, 0.5, 1]) {
    const y = top + CHART_HEIGHT - fraction * (CHART_HEIGHT - 6);
    doc
      .moveTo(x0, y)
      .lineTo(x0 + chartWidth, y)
      .strokeColor(FAINT)
      .lineWidth(0.5)
      .stroke();
    doc
      .fillColor(MUTED)
      .font('Helvetica')
      .fontSize(7)
      .text(`${Math.round(max * fraction)} ms`, left, y - 3, {
        width: axis - 4,
        align: 'right',
        lineBreak: false,
      });
  }

  site.days.forEach((day, index) => {
    if (day.uptimePercent !== null && day.uptimePercent < 100) {
      const markWidth = Math.max(2, Math.min(8, step * 0.6));
      doc
        .rect(xAt(index) - markWidth / 2, top + CHART_HEIGHT - 4, markWidth, 4)
        .fillColor(BAD)
        .fill();
    }
  });

  // One stroke per run of days with an answer: a day with none breaks the line.
  let drawing = false;
  values.forEach((value, index) => {
    if (value === null) {
      if (drawing) doc.strokeColor(ACCENT).lineWidth(1.5).stroke();
      drawing = false;
      return;
    }
    if (!drawing) doc.moveTo(xAt(index), yAt(value));
    else doc.lineTo(xAt(index), yAt(value));
    drawing = true;
  });
  if (drawing) doc.strokeColor(ACCENT).lineWidth(1.5).stroke();
  values.forEach((value, index) => {
    if (value !== null) doc.circle(xAt(index), yAt(value), 1.6).fillColor(ACCENT).fill();
  });

  const first = site.days[0];
  const last = site.days.at(-1);
  const labelY = top + CHART_HEIGHT + 3;
  doc.fillColor(MUTED).font('Helvetica').fontSize(7);
  if (first) doc.text(displayDate(first.day, tz), x0, labelY, { lineBreak: false });
  if (last && last !== first) {
    doc.text(displayDate(last.day, tz), x0, labelY, {
      width: chartWidth,
      align: 'right',
      lineBreak: false,
    });
  }
  doc.text('Median response time per day', x0, labelY, {
    width: chartWidth,
    align: 'center',
    lineBreak: false,
  });
  return labelY + 14;
}
