// zod as the shop's schemas use it, in the browser and on the server. zod's JIT probes with
// new Function(), which the Content-Security-Policy forbids; the plain validator is fast enough
// for forms. Configured here, beside the schemas, rather than in the root: a page without a form
// then loads no zod at all (issue #24).
import { z } from "zod";

z.config({ jitless: true });

export { z };
