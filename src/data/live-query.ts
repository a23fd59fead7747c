/**
 * Live reads for screens: `useLiveQuery(read, deps)` runs a read of the data layer (a repository's list, a count)
 * and runs it again whenever the IndexedDB rows it read change; it returns undefined until the first answer. Screens
 * take it from here, never from dexie-react-hooks, so that which store backs the data layer stays inside src/data
 * (lint refuses dexie-react-hooks outside it).
 */
export { useLiveQuery } from 'dexie-react-hooks';
