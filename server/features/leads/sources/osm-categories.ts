import type { BusinessType } from '@shared/schemas/leads';

/**
 * OpenStreetMap tags of each business type. A normal search asks for the chosen type's
 * tags; a bulk search asks for all of them (over 100 categories) in one query per cell.
 */
export const OSM_CATEGORIES: Record<BusinessType, Record<string, readonly string[]>> = {
  Restaurant: {
    amenity: [
      'restaurant',
      'fast_food',
      'cafe',
      'bar',
      'pub',
      'ice_cream',
      'food_court',
      'biergarten',
    ],
    shop: ['bakery', 'deli', 'confectionery', 'coffee', 'seafood'],
  },
  'Retail Store': {
    shop: [
      'clothes',
      'shoes',
      'jewelry',
      'gift',
      'florist',
      'furniture',
      'hardware',
      'books',
      'sports',
      'toys',
      'electronics',
      'mobile_phone',
      'department_store',
      'convenience',
      'supermarket',
      'boutique',
      'pet',
      'cosmetics',
      'variety_store',
      'second_hand',
      'bicycle',
      'garden_centre',
      'art',
      'music',
      'optician',
      'alcohol',
      'tobacco',
      'doityourself',
      'houseware',
      'fabric',
      'antiques',
      'bag',
      'craft',
      'outdoor',
      'interior_decoration',
      'paint',
      'kitchen',
      'bed',
      'wine',
      'nutrition_supplements',
    ],
  },
  Healthcare: {
    amenity: ['doctors', 'dentist', 'clinic', 'pharmacy', 'veterinary'],
    healthcare: [
      'physiotherapist',
      'optometrist',
      'podiatrist',
      'psychotherapist',
      'alternative',
      'laboratory',
      'speech_therapist',
      'audiologist',
      'counselling',
      'chiropractor',
    ],
    shop: ['medical_supply', 'hearing_aids'],
  },
  'Professional Services': {
    office: [
      'lawyer',
      'accountant',
      'insurance',
      'financial',
      'tax_advisor',
      'consulting',
      'notary',
      'architect',
      'employment_agency',
      'advertising_agency',
      'financial_advisor',
      'surveyor',
    ],
    shop: [
      'hairdresser',
      'beauty',
      'massage',
      'tattoo',
      'dry_cleaning',
      'laundry',
      'funeral_directors',
    ],
  },
  Construction: {
    craft: [
      'builder',
      'carpenter',
      'electrician',
      'plumber',
      'hvac',
      'roofer',
      'painter',
      'tiler',
      'stonemason',
      'glaziery',
      'floorer',
      'insulation',
      'plasterer',
      'metal_construction',
      'window_construction',
      'landscaper',
    ],
    office: ['construction_company'],
    shop: ['trade'],
  },
  'Real Estate': {
    office: ['estate_agent', 'property_management', 'real_estate_agent'],
  },
  Automotive: {
    shop: ['car', 'car_repair', 'car_parts', 'tyres', 'motorcycle', 'boat'],
    amenity: ['car_wash', 'car_rental', 'vehicle_inspection'],
  },
  Hospitality: {
    tourism: ['hotel', 'motel', 'guest_house', 'hostel', 'apartment', 'camp_site', 'caravan_site'],
    amenity: ['events_venue'],
  },
  Technology: {
    office: ['it', 'telecommunication', 'software'],
    shop: ['computer', 'electronics_repair'],
    craft: ['electronics_repair'],
  },
  Manufacturing: {
    craft: [
      'brewery',
      'winery',
      'distillery',
      'sawmill',
      'printer',
      'signmaker',
      'upholsterer',
      'cabinet_maker',
      'blacksmith',
      'boatbuilder',
    ],
    man_made: ['works'],
  },
};

/** The type a tagged element belongs to: the first type whose tags it carries. */
export function businessTypeOf(
  tags: Record<string, string>,
  asked: readonly BusinessType[],
): { businessType: BusinessType; category: string } | undefined {
  for (const type of asked) {
    for (const [key, values] of Object.entries(OSM_CATEGORIES[type])) {
      const value = tags[key];
      if (value && values.includes(value)) return { businessType: type, category: value };
    }
  }
  return undefined;
}

/** key -> values over several types, for one Overpass query. */
export function tagFilters(types: readonly BusinessType[]): Map<string, string[]> {
  const filters = new Map<string, Set<string>>();
  for (const type of types) {
    for (const [key, values] of Object.entries(OSM_CATEGORIES[type])) {
      const set = filters.get(key) ?? new Set<string>();
      values.forEach((value) => set.add(value));
      filters.set(key, set);
    }
  }
  return new Map([...filters].map(([key, values]) => [key, [...values].sort()]));
}

export function categoryCount(types: readonly BusinessType[]): number {
  return [...tagFilters(types).values()].reduce((sum, values) => sum + values.length, 0);
}
