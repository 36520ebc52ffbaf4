import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import type { LeadSummary } from '@shared/schemas/leads';
import { CSV_HEADER, csvFileName, leadsCsv, OSM_CREDIT, SAMPLE_NOTE } from './leads-csv';

const lead = (overrides: Partial<LeadSummary> = {}): LeadSummary => ({
  id: 'osm-n1',
  source: 'osm',
  name: 'Joe\'s "Best" Grill',
  address: '12 Main St, Baton Rouge, LA',
  phone: '(225) 555-0142',
  website: 'https://joesgrill.com',
  email: 'joe@joesgrill.com',
  businessType: 'Restaurant',
  city: 'Baton Rouge',
  distance: 2.4,
  rating: 0,
  reviewCount: 0,
  isOpen: true,
  leadScore: 72,
  websiteScore: 55,
  needsWebsite: false,
  recommendation: 'Modernization recommended',
  technology: 'WordPress',
  legitimacyScore: null,
  competitivePosition: 'unknown',
  marketPresence: 'moderate',
  ...overrides,
});

describe('leads CSV', () => {
  it('starts with a BOM and the 13 columns in order, every cell quoted', () => {
    const csv = leadsCsv([lead()]);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const [header, row] = csv.slice(1).split('\r\n');
    expect(header).toBe(
      '"Lead Score","Name","Address","Phone","Website","Website Status","Email","Business Type","City","Distance","Rating","Reviews","Currently Open"',
    );
    expect(row).toBe(
      '"72","Joe\'s ""Best"" Grill","12 Main St, Baton Rouge, LA","(225) 555-0142","https://joesgrill.com","Modernization recommended","joe@joesgrill.com","Restaurant","Baton Rouge","2.4","0","0","Yes"',
    );
  });

  it('writes N/A, Unknown and No where the spec says', () => {
    const csv = leadsCsv([
      lead({
        distance: undefined,
        isOpen: null,
        recommendation: '',
        email: null,
        source: 'sample',
      }),
      lead({ isOpen: false, source: 'sample' }),
    ]);
    const rows = Papa.parse<string[]>(csv.slice(1), { skipEmptyLines: true }).data;
    expect(rows[1]!.slice(5, 13)).toEqual([
      'Unknown',
      '',
      'Restaurant',
      'Baton Rouge',
      'N/A',
      '0',
      '0',
      'Unknown',
    ]);
    expect(rows[2]![12]).toBe('No');
    expect(rows.at(-1)).toEqual([SAMPLE_NOTE]);
  });

  it.each([
    '=HYPERLINK("http://evil")',
    '+1 225 555',
    '-2+3',
    '@SUM(A1)',
    '\tcmd',
    '\rcmd',
    '\ncmd',
    ' =1+1',
    '\t =1+1',
    '  +cmd',
    '\u00a0-2+3',
    ' @SUM(A1)',
    '\uFF1D1+1',
    '\uFF0Bcmd',
    '\uFF0D2+3',
    '\uFF20SUM(A1)',
    ' \uFF1D1+1',
  ])('neutralises a cell starting like a formula: %j', (text) => {
    const csv = leadsCsv([lead({ name: text, source: 'sample' })]);
    const rows = Papa.parse<string[]>(csv.slice(1), { skipEmptyLines: true }).data;
    expect(rows[1]![1]).toBe(`'${text}`);
  });

  it.each([' Corner Café', 'A-1 Plumbing', 'Smith & Sons = Quality'])(
    'leaves a cell that only contains such characters later alone: %j',
    (text) => {
      const csv = leadsCsv([lead({ name: text, source: 'sample' })]);
      const rows = Papa.parse<string[]>(csv.slice(1), { skipEmptyLines: true }).data;
      expect(rows[1]![1]).toBe(text);
    },
  );

  it('round-trips through a CSV parser, commas, quotes, new lines and accents intact', () => {
    const leads = [
      lead({ name: 'Café "Nola", LLC\nUptown', address: 'Rue Royale, New Orleans' }),
      lead({ id: 'osm-n2', name: 'Plain', phone: 'N/A', website: 'N/A' }),
    ];
    const rows = Papa.parse<string[]>(leadsCsv(leads).slice(1), { skipEmptyLines: true }).data;
    expect(rows[0]).toEqual([...CSV_HEADER]);
    expect(rows[1]![1]).toBe('Café "Nola", LLC\nUptown');
    expect(rows[1]![2]).toBe('Rue Royale, New Orleans');
    expect(rows[2]!.slice(1, 5)).toEqual(['Plain', '12 Main St, Baton Rouge, LA', 'N/A', 'N/A']);
    // OpenStreetMap data carries its attribution as the last line.
    expect(rows.at(-1)).toEqual([OSM_CREDIT]);
  });

  it('names the file by the day', () => {
    expect(csvFileName(new Date(2026, 10, 22, 23, 30))).toBe('business-leads-2026-11-22.csv');
  });
});
