// zod in the app (the forms check their request with the API's own schemas, src/components/form-check.ts):
// without `jitless`, zod's first object parse probes `new Function` to compile a faster parser, which our CSP
// (no 'unsafe-eval', server/plugins/csp.ts) refuses and reports. Imported first by src/main.tsx and by the form
// check, so it holds before any parse. The server keeps zod's compiled parsers.
import { config } from 'zod';

config({ jitless: true });
