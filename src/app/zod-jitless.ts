/**
 * Imported FIRST by the page and the service worker entries: zod 4 otherwise probes `new Function('')` when it
 * builds a schema (to choose its JIT parser), which the Content-Security-Policy (no 'unsafe-eval') blocks and
 * reports on every page. The interpreted parser is what runs under that CSP anyway.
 */
import { z } from 'zod';

z.config({ jitless: true });
