import { GATE_COLORS } from './track-map-features';

/** A gate's colour: by sector (start/finish, sector 1, sector 2) with sector vision, else all red. */
export function gateColor(index: number, sectorVision: boolean): string {
  return sectorVision ? GATE_COLORS[index % GATE_COLORS.length] : '#e03131';
}

/** A gate's label: its given one, else its number; none when labels are off (`labels` null). */
export function gateLabel(index: number, labels: readonly string[] | null): string {
  return labels ? (labels[index] ?? String(index)) : '';
}
