/**
 * The 'Export video' dialog's model as pure functions (export-video.tsx wires them): the choice from what is
 * picked, the resolution offered first, the export's label, the scene the worker draws the gauges from, and an
 * export's progress as a fraction.
 */
import type { VideoRow } from '../../../data/services';
import type { AccelerationColumns } from '../../../domain/coaching/acceleration';
import type { LapTrace } from '../../../domain/lap-compare/lap-trace';
import type { ExportChoice, ExportHeight } from '../../../domain/video/export-plan';
import type { LapSpan } from '../../../domain/video/lap-times';
import type { ExportScene } from '../../../media/export/export-types';
import type { ExportTicket } from '../../../media/export/export-client';
import type { LoadedSession } from '../shared';

export type ExportRange = 'laps' | 'session';

/** The racer's choice: the whole session, or the laps from `from` to `to` (either order). */
export function exportChoiceOf(kind: ExportRange, from: number | null, to: number | null): ExportChoice {
  return kind === 'session' ? { kind: 'session' } : { kind: 'laps', from: from ?? 0, to: to ?? 0 };
}

/** 1080p for a video at least that big both ways, else 720p. */
export function initialExportHeight(row: Pick<VideoRow, 'width' | 'height'>): ExportHeight {
  return row.height >= 1080 && row.width >= 1080 ? 1080 : 720;
}

/** The key (of videoExport's texts) and values naming what is exported: the session, a lap, or laps lowest first. */
export function exportLabel(kind: ExportRange, from: number | null, to: number | null): { key: 'sessionLabel' } | { key: 'lapLabel'; values: { lap: number } } | { key: 'lapsLabel'; values: { from: number; to: number } } {
  if (kind === 'session') return { key: 'sessionLabel' };
  const lo = Math.min(from ?? 0, to ?? 0);
  const hi = Math.max(from ?? 0, to ?? 0);
  return lo === hi ? { key: 'lapLabel', values: { lap: lo } } : { key: 'lapsLabel', values: { from: lo, to: hi } };
}

/** What the player shows, handed to the export: its gauges, their labels, the session's date and track. */
export interface PlayerScene {
  reference: LapTrace | null;
  acceleration: AccelerationColumns | null;
  gauges: readonly ExportScene['gauges'][number][];
  labels: ExportScene['labels'];
  sessionDate: string;
  track: ExportScene['track'];
  locale: string;
}

/** The scene the export's worker draws the gauges from (plain data: it is copied to the worker). */
export function exportScene(session: Pick<LoadedSession, 'positions' | 'analysis' | 'name'>, spans: LapSpan[], lapCount: number, shown: PlayerScene): ExportScene {
  return {
    positions: session.positions,
    spans,
    laps: session.analysis.laps.map((l) => ({ lapNumber: l.lapNumber, timeMs: l.timeMs, valid: l.valid, sectors: l.sectors.map((s) => ({ timeMs: s.timeMs, performance: s.performance })) })),
    reference: shown.reference,
    acceleration: shown.acceleration,
    lapCount,
    sessionName: session.name,
    sessionDate: shown.sessionDate,
    track: shown.track,
    labels: { ...shown.labels },
    gauges: [...shown.gauges],
    locale: shown.locale,
  };
}

/** How far an export is, 0 to 1 (0 before its first report). */
export function exportFraction(ticket: Pick<ExportTicket, 'progress'> | undefined): number {
  const p = ticket?.progress;
  return p && p.framesTotal > 0 ? p.framesDone / p.framesTotal : 0;
}
