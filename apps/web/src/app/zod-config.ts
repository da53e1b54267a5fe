import { z } from 'zod';

// Zod probes for `new Function` to speed up parsing; the Content-Security-Policy forbids eval, and
// the probe alone would be reported as a violation. This module is imported before anything that
// builds a schema.
z.config({ jitless: true });
