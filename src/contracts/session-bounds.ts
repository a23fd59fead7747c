/**
 * Upper bounds of a session upload's fields: each is far above what a real session reaches (a 7 h session at
 * 25 Hz is ~630,000 fixes, ~25 MB of position text, and a few hundred laps), and each is checked before any work
 * that grows with it, so a hostile body costs the server work bounded by these rather than by its own size.
 * Shared by the app (its encoder never builds a body the server would refuse) and the server.
 */

/** Position text (`coordinates`), in UTF-16 code units: 40 Mi, the inflated body limit of an upload. */
export const MAX_COORDINATES_CHARS = 40 * 1024 * 1024;
/**
 * Laps text, in UTF-16 code units: 256 Ki. The device writes ~45 bytes a lap, so this is ~5,800 lap lines; a 7 h
 * session of 25 s laps has ~1,000.
 */
export const MAX_LAPS_CHARS = 256 * 1024;
/** Laps kept from one session: more is refused (a 7 h session of 12.6 s laps, shorter than any circuit's). */
export const MAX_LAPS = 2_000;

/**
 * The columnar form of the position text. The device writes 5 fields a line (lap;ms;lat;lon;speed); other
 * loggers' imports add a few channels. A run is a stretch of lines with the same field count: a clean file has
 * one, each damaged line starts two more.
 */
export const MAX_COLUMNS = 64;
export const MAX_SHAPE_RUNS = 100_000;
