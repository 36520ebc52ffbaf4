import { z } from 'zod';

/**
 * The one zod the client and the shared schemas import. Zod compiles its object parsers with
 * `new Function` where it may; its probe for that is caught, yet under the app's CSP (no
 * 'unsafe-eval') the browser still reports a script-src violation. Configured here, before
 * any schema that imports it is built, it parses without compiling, in every chunk.
 */
z.config({ jitless: true });

export { z };
