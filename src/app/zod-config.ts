// zod in the app (the forms check their request with the API's own schemas, src/components/form-check.ts):
// without `jitless`, zod's first object parse probes `new Function` to compile a faster parser, which our CSP
// (no 'unsafe-eval', server/plugins/csp.ts) refuses and reports. The form check imports it first, so it holds
// before any parse; only zod's core config is imported here (the schemas come with the forms' lazy chunks).
// The server keeps zod's compiled parsers.
import { config } from 'zod/v4/core';

config({ jitless: true });
