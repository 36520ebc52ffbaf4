import fs from 'node:fs';

/**
 * The direction of the client's features (docs/conventions.md): a feature uses (through its
 * public.ts) only the features of a lower tier, never one of its own tier or a higher one.
 * So no two features import each other, nor go round in a longer loop; a screen that draws
 * several features' cards side by side is composed in client/src/app/pages/, above them all.
 * Every folder of client/src/features is in exactly one tier: lint stops with an error
 * naming a new folder until it is given its place here.
 */
export const CLIENT_FEATURE_TIERS = [
  // The plan catalogue, which every screen that names a plan reads.
  ['plans'],
  // What many features draw: the business's details, the sales tax rates, the updates meter,
  // saved replies, the client picker.
  ['settings', 'tax', 'updates', 'saved-replies', 'clients'],
  // Who is signed in, and their plan and means of payment.
  ['auth', 'admin-auth', 'subscriptions', 'payments'],
  // A client's records, which draw their account and plan; the inbound log, whose held count
  // the dashboard shows; the owner's website.
  ['tickets', 'profile', 'reports', 'sites', 'signup-links', 'inbound', 'website', 'statements'],
  // The admin's figures and set-up checklist (which invoices ask before sending).
  ['dashboard'],
  // Features no other feature draws: only app/ mounts their screens and cards.
  [
    'invoices',
    'landing',
    'legal',
    'audit',
    'consultations',
    'leads',
    'mail',
    'proposals',
    'payouts',
    'accounting',
  ],
  // The signer's proposal page and the portal's agreements: they draw their terms as the
  // legal pages draw theirs, and only app/ mounts them.
  ['agreements'],
];

const TIERS_FILE = 'eslint-rules/client-feature-tiers.js';

/** The tier of every feature folder under `featuresDir`; throws on a folder without one. */
function tierOfEachFeature(featuresDir, tiers) {
  const tierOf = new Map();
  tiers.forEach((features, tier) => {
    for (const feature of features) {
      if (tierOf.has(feature)) throw new Error(`${TIERS_FILE}: ${feature} is in two tiers.`);
      tierOf.set(feature, tier);
    }
  });
  const folders = fs
    .readdirSync(featuresDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  const untiered = folders.filter((folder) => !tierOf.has(folder));
  if (untiered.length > 0) {
    throw new Error(
      `${TIERS_FILE}: give the client feature ${untiered.join(', ')} a tier in CLIENT_FEATURE_TIERS.`,
    );
  }
  const gone = [...tierOf.keys()].filter((feature) => !folders.includes(feature));
  if (gone.length > 0) {
    throw new Error(`${TIERS_FILE}: no folder ${gone.join(', ')} in ${featuresDir}.`);
  }
  return tierOf;
}

/**
 * import-x/no-restricted-paths zones that refuse a feature the public.ts of every feature of
 * its own tier or above (the zone that keeps features to each other's public.ts already
 * refuses their other files).
 */
export function featureTierZones(featuresDir, tiers = CLIENT_FEATURE_TIERS) {
  const tierOf = tierOfEachFeature(featuresDir, tiers);
  return [...tierOf].flatMap(([feature, tier]) => {
    const notBelow = [...tierOf]
      .filter(([other, otherTier]) => other !== feature && otherTier >= tier)
      .map(([other]) => `${featuresDir}/${other}/public.ts`);
    if (notBelow.length === 0) return [];
    return [
      {
        target: `${featuresDir}/${feature}`,
        from: notBelow,
        message:
          `${feature} is in tier ${tier} of ${TIERS_FILE} and uses only features of a lower ` +
          'tier, so that no two features import each other: compose them in a page of ' +
          'client/src/app/pages/, or move a feature to another tier if every import still ' +
          'points down.',
      },
    ];
  });
}
