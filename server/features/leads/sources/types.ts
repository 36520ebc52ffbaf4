import type { Logger } from 'pino';
import { z } from 'zod';
import type { Place } from '@shared/lead-facts';
import type { BusinessType, LeadSource } from '@shared/schemas/leads';

/** A rectangle in degrees (south, west, north, east), the area one query covers. */
export interface Box {
  south: number;
  west: number;
  north: number;
  east: number;
}

export interface SourceQuery {
  box: Box;
  /** The business types asked for; a bulk search asks for all of them. */
  businessTypes: readonly BusinessType[];
  /** Centre and state, for text queries and holiday rules. */
  city: { name: string; state: string; lat: number; lon: number };
  signal?: AbortSignal;
}

export interface LeadSourceAdapter {
  readonly name: LeadSource;
  /** One query for an area, all asked-for types at once. Throws SourceError with a clear message. */
  search(query: SourceQuery): Promise<Place[]>;
}

/** A source that failed; the message is for the owner ("Search failed" toast). */
/**
 * Said when a lead source cannot be reached at all: on a machine without internet (a demo, a
 * laptop offline) the sample source is how to try the tool.
 */
export const OFFLINE_HINT =
  'If this server has no internet connection, set LEAD_SOURCE=sample to try the tool with sample data.';

export class SourceError extends Error {
  constructor(
    message: string,
    readonly status: 502 | 503 | 504 = 502,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

/**
 * The JSON body of a source's answer, checked against the schema of the fields we read.
 * An unreadable body or a wrong shape is a SourceError with the owner's message (a 502,
 * never a crash deeper in the search); what was wrong goes to the log.
 */
export async function readAnswer<Schema extends z.ZodType>(
  response: Response,
  schema: Schema,
  {
    source,
    unreadable,
    logger,
  }: { source: string; unreadable: string; logger?: Pick<Logger, 'warn'> | undefined },
): Promise<z.infer<Schema>> {
  let body: unknown;
  try {
    body = await response.json();
  } catch (error) {
    throw new SourceError(unreadable, 502, { cause: error });
  }
  const result = schema.safeParse(body);
  if (!result.success) {
    logger?.warn(
      { source, issues: z.prettifyError(result.error) },
      `${source} answered in an unexpected shape`,
    );
    throw new SourceError(unreadable, 502, { cause: result.error });
  }
  return result.data;
}

const MILES_PER_DEGREE_LAT = 69.0;

/** The square around a circle of `radiusMiles`, in degrees. */
export function boxAround(lat: number, lon: number, radiusMiles: number): Box {
  const dLat = radiusMiles / MILES_PER_DEGREE_LAT;
  const dLon = radiusMiles / (MILES_PER_DEGREE_LAT * Math.cos((lat * Math.PI) / 180));
  return { south: lat - dLat, west: lon - dLon, north: lat + dLat, east: lon + dLon };
}

/** Splits a box into size x size cells, row by row from the south-west. */
export function gridCells(box: Box, size: number): Box[] {
  const height = (box.north - box.south) / size;
  const width = (box.east - box.west) / size;
  const cells: Box[] = [];
  for (let row = 0; row < size; row++) {
    for (let column = 0; column < size; column++) {
      cells.push({
        south: box.south + row * height,
        west: box.west + column * width,
        north: box.south + (row + 1) * height,
        east: box.west + (column + 1) * width,
      });
    }
  }
  return cells;
}
