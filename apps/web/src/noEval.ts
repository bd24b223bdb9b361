/**
 * The page and its worker run under a policy that allows no eval (apps/server/src/securityHeaders.ts).
 * zod compiles fast object parsers with `new Function` where it may, and first tries whether it
 * may: that try alone is a reported violation. Jitless, zod neither tries nor compiles. Imported
 * first by each entry point, before anything parses.
 */
import { z } from 'zod';

z.config({ jitless: true });
