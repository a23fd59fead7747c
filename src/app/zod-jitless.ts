/**
 * Imported FIRST by the service worker entry (src/sw.ts, built as one chunk, so import order holds): zod 4 otherwise
 * probes `new Function('')` when it builds a schema (to choose its JIT parser), which the Content-Security-Policy
 * (no 'unsafe-eval') blocks and reports. The page sets the same option before any module runs, in
 * public/zod-jitless.js (see there why a module import is not enough for the page's chunks).
 */
import { z } from 'zod';

z.config({ jitless: true });
