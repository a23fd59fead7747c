/**
 * Lap colours: the hue is spread evenly over the session's laps; the session index picks one of two
 * saturation/lightness schemes so the left (index 0) and right (index 1) sessions of a comparison stay
 * distinguishable when drawn together. Colours are CSS `hsl()` strings, usable by the map and the charts.
 */

/** Saturation and lightness, percent, per session index (0 = left, 1 = right). */
const LAP_COLOR_SCHEMES: readonly { saturation: number; lightness: number }[] = [
  { saturation: 85, lightness: 50 },
  { saturation: 55, lightness: 32 },
];

/** Colour of lap `index` (0-based position in the sorted laps) of `lapCount` laps. */
export function lapColor(index: number, lapCount: number, sessionIndex = 0): string {
  const scheme = LAP_COLOR_SCHEMES[sessionIndex === 1 ? 1 : 0];
  const hue = lapCount > 0 ? Math.round(((index % lapCount) * 360) / lapCount) % 360 : 0;
  return `hsl(${hue}, ${scheme.saturation}%, ${scheme.lightness}%)`;
}
