/** The types of client-feature-tiers.js, for the tests that probe it. */
export declare const CLIENT_FEATURE_TIERS: string[][];

export declare function featureTierZones(
  featuresDir: string,
  tiers?: string[][],
): { target: string; from: string[]; message: string }[];
