import { SPEED_BAND_COLORS } from './speed-runs';
import type { SpeedRange } from './track-map-features';

/** What the speed colours mean: the bands from slow to fast between the traces' lowest and highest speed. */
export function SpeedLegend({ range, label }: { range: SpeedRange; label: string }) {
  return (
    <div
      role="img"
      aria-label={label}
      data-testid="speed-legend"
      style={{
        position: 'absolute',
        left: 8,
        bottom: 8,
        display: 'flex',
        alignItems: 'center',
        gap: 6,
        padding: '2px 6px',
        borderRadius: 4,
        background: 'rgba(255, 255, 255, 0.85)',
        color: '#111',
        font: '600 11px system-ui, sans-serif',
      }}
    >
      <span>{Math.round(range[0])}</span>
      <span style={{ width: 96, height: 8, borderRadius: 2, background: `linear-gradient(to right, ${SPEED_BAND_COLORS.join(', ')})` }} />
      <span>{Math.round(range[1])} km/h</span>
    </div>
  );
}
