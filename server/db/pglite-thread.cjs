// The database thread's entry (pglite-db.ts, openPgliteDbInThread). A worker's entry file must be JavaScript, and
// only require() goes through tsx's hooks there (registered by the worker's --import), so this file requires the
// TypeScript module.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- see above: require() is what tsx hooks here
require('./pglite-thread.ts');
