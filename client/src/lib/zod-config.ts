import { z } from 'zod';

/**
 * Zod compiles its object parsers with `new Function` where it may. Its probe for that is
 * caught, yet under our CSP (no 'unsafe-eval') the browser still reports it as a script-src
 * violation. Parse without compiling: imported first by the entry, before any schema exists.
 */
z.config({ jitless: true });
