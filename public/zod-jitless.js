// zod 4 probes `new Function('')` when it builds its first object schema (to pick its JIT parser); the
// Content-Security-Policy (no 'unsafe-eval') blocks and reports that on every page. zod reads its configuration
// from this global when it loads, and a classic script in <head> runs before every module chunk of the app.
// (A module import cannot do this: the bundler may place zod and the schemas in a chunk that runs first.)
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });
