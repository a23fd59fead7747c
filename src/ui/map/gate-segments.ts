/**
 * Gate lines for display: a circuit stores only gate centres and one width (docs/device-protocol.md). Each line goes
 * through its centre perpendicular to the direction of travel there, taken from the trace with the same rule lap
 * detection uses (domain gateDirectionFromTrace); without a trace passing the gate it is drawn east-west.
 */
import type { GatePoint } from '../../domain/session-types';
import { createLocalProjection, projectColumns } from '../../domain/geo/local-projection';
import { gateDirectionFromTrace } from '../../domain/detection/gate-orientation';

export interface GateSegment {
  index: number;
  centre: GatePoint;
  a: GatePoint;
  b: GatePoint;
  /** True when the direction came from the trace. */
  oriented: boolean;
}

export interface TraceColumns {
  lat: ArrayLike<number>;
  lon: ArrayLike<number>;
  count: number;
}

export function gateSegments(gates: readonly GatePoint[], widthM: number, trace?: TraceColumns): GateSegment[] {
  if (gates.length === 0) return [];
  const projection = createLocalProjection(gates[0].lat, gates[0].lon);
  const projected = trace && trace.count > 1 ? projectColumns(projection, trace.lat, trace.lon, trace.count) : null;
  const half = Math.max(1, widthM) / 2;
  return gates.map((centre, index) => {
    const cx = projection.x(centre.lon);
    const cy = projection.y(centre.lat);
    // Look a bit wider than the gate so a gate dragged slightly off the line still orients.
    const direction = projected ? gateDirectionFromTrace(projected.x, projected.y, trace!.count, cx, cy, Math.max(half, 15)) : null;
    // The gate line is perpendicular to travel (dx, dy): along (-dy, dx).
    const ux = direction ? -direction.dy : 1;
    const uy = direction ? direction.dx : 0;
    return {
      index,
      centre,
      a: { lat: projection.lat(cy - uy * half), lon: projection.lon(cx - ux * half) },
      b: { lat: projection.lat(cy + uy * half), lon: projection.lon(cx + ux * half) },
      oriented: direction !== null,
    };
  });
}

/**
 * Gates parsed from a circuit's coordinates text 'lat;lon;lat;lon...'; invalid pairs are dropped.
 * @internal Exported for its tests.
 */
export function parseGateText(text: string | null | undefined): GatePoint[] {
  if (!text) return [];
  const parts = text.split(';').map((p) => Number(p.trim()));
  const gates: GatePoint[] = [];
  for (let i = 0; i + 1 < parts.length; i += 2) {
    const lat = parts[i];
    const lon = parts[i + 1];
    if (Number.isFinite(lat) && Number.isFinite(lon) && Math.abs(lat) <= 90 && Math.abs(lon) <= 180 && !(lat === 0 && lon === 0)) gates.push({ lat, lon });
  }
  return gates;
}

/**
 * Gates back to the circuit's text form (7 decimals ≈ 1 cm).
 * @internal Exported for its tests.
 */
export function gateText(gates: readonly GatePoint[]): string {
  return gates.map((g) => `${g.lat.toFixed(7)};${g.lon.toFixed(7)}`).join(';');
}

export { MAX_GATES } from './gate-limits';
