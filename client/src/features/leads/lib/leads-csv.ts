import { businessToday } from '@/lib/dates';
import Papa from 'papaparse';
import { FORMULA_START } from '@shared/csv';
import type { LeadSummary } from '@shared/schemas/leads';

/** The spec's 13 columns, in order ('Email' is the spec's 'Email Type': it holds the address). */
export const CSV_HEADER = [
  'Lead Score',
  'Name',
  'Address',
  'Phone',
  'Website',
  'Website Status',
  'Email',
  'Business Type',
  'City',
  'Distance',
  'Rating',
  'Reviews',
  'Currently Open',
] as const;

export const OSM_CREDIT = '© OpenStreetMap contributors (ODbL)';
export const SAMPLE_NOTE = 'Sample data: fictional businesses for demonstration';

function row(lead: LeadSummary): string[] {
  return [
    String(lead.leadScore),
    lead.name,
    lead.address,
    lead.phone,
    lead.website,
    lead.recommendation || 'Unknown',
    lead.email ?? '',
    lead.businessType,
    lead.city,
    lead.distance === undefined ? 'N/A' : String(lead.distance),
    String(lead.rating),
    String(lead.reviewCount),
    lead.isOpen === null ? 'Unknown' : lead.isOpen ? 'Yes' : 'No',
  ];
}

/**
 * The CSV text: a UTF-8 byte-order mark (so spreadsheets read accents right), every cell
 * quoted with quotes doubled, and cells that could start a formula (FORMULA_START) prefixed
 * with ' (OWASP's advice against formula injection). OpenStreetMap data ends with its
 * attribution line, as the ODbL asks; sample data with a line saying it is fictional.
 */
export function leadsCsv(leads: readonly LeadSummary[]): string {
  const body = Papa.unparse(
    { fields: [...CSV_HEADER], data: leads.map(row) },
    { quotes: true, escapeFormulae: FORMULA_START, newline: '\r\n' },
  );
  const notes = [
    ...(leads.some((lead) => lead.source === 'osm') ? [OSM_CREDIT] : []),
    ...(leads.some((lead) => lead.source === 'sample') ? [SAMPLE_NOTE] : []),
  ];
  const credit = notes.map((note) => `\r\n${Papa.unparse([[note]], { quotes: true })}`).join('');
  return `\uFEFF${body}${credit}\r\n`;
}

export function csvFileName(date: Date): string {
  return `business-leads-${businessToday(date)}.csv`;
}

/** Saves the leads as a CSV download; false when there is nothing to export. */
export function downloadLeadsCsv(leads: readonly LeadSummary[], now = new Date()): boolean {
  if (leads.length === 0) return false;
  const url = URL.createObjectURL(new Blob([leadsCsv(leads)], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = csvFileName(now);
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
  return true;
}
