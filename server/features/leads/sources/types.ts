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
export class SourceError extends Error {
  constructor(
    message: string,
    readonly status: 502 | 503 | 504 = 502,
  ) {
    super(message);
  }
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
