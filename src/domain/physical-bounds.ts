/**
 * Physical bounds of what a lap timer records. A value outside them is damage (a corrupt line, a garbled upload),
 * never data: it would show as a lap of hundreds of hours or a speed no vehicle reaches.
 */

/** Longest time a lap, a sector or a fix's time since the session's start may have: under one day (ms). */
export const MAX_TIME_MS = 24 * 3600 * 1000 - 1;

/** Highest speed taken as measured (km/h): above any car, kart or motorcycle on a circuit. */
export const MAX_SPEED_KMH = 500;
