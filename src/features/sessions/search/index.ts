/** The sessions screens' URL search (the picked and reference laps, a session to open): parsed in the routes. */
export { lapKeyOf, parseLapSearch } from './lap-search';
export type { Side } from './lap-search';
