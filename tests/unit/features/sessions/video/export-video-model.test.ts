import { describe, expect, it } from 'vitest';
import { lapSpans } from '../../../../../src/domain/video/lap-times';
import { exportChoiceOf, exportFraction, exportLabel, exportScene, initialExportHeight } from '../../../../../src/features/sessions/video/export-video-model';
import { loadedSession } from '../shared/loaded-session';

describe("the 'Export video' dialog's model", () => {
  it('makes the choice of the whole session or of the laps picked', () => {
    expect(exportChoiceOf('session', 2, 3)).toEqual({ kind: 'session' });
    expect(exportChoiceOf('laps', 4, null)).toEqual({ kind: 'laps', from: 4, to: 0 });
  });

  it('offers 1080p only for a video at least that big both ways', () => {
    expect(initialExportHeight({ width: 1920, height: 1080 })).toBe(1080);
    expect(initialExportHeight({ width: 1080, height: 1920 })).toBe(1080);
    expect(initialExportHeight({ width: 1280, height: 720 })).toBe(720);
  });

  it('names the export: the session, one lap, or the laps lowest first', () => {
    expect(exportLabel('session', 1, 2)).toEqual({ key: 'sessionLabel' });
    expect(exportLabel('laps', 3, 3)).toEqual({ key: 'lapLabel', values: { lap: 3 } });
    expect(exportLabel('laps', 5, 2)).toEqual({ key: 'lapsLabel', values: { from: 2, to: 5 } });
  });

  it("hands the worker the player's scene as plain data, the gauges and labels copied", () => {
    const session = loadedSession(1, 0);
    const spans = lapSpans(session.positions);
    const gauges = ['speed' as const];
    const labels = { lap: 'LAP', last: 'LAST', delta: 'DELTA', kmh: 'km/h', g: 'g' };
    const scene = exportScene(session, spans, 7, { reference: null, acceleration: null, gauges, labels, sessionDate: '1 May', track: null, locale: 'pt' });
    expect(scene).toMatchObject({ positions: session.positions, spans, lapCount: 7, sessionName: 'Session 1', sessionDate: '1 May', locale: 'pt', gauges: ['speed'], labels });
    expect(scene.gauges).not.toBe(gauges);
    expect(scene.labels).not.toBe(labels);
    const first = session.analysis.laps[0];
    expect(scene.laps[0]).toEqual({ lapNumber: first.lapNumber, timeMs: first.timeMs, valid: first.valid, sectors: first.sectors.map((s) => ({ timeMs: s.timeMs, performance: s.performance })) });
  });

  it("reads an export's progress as a fraction, 0 before its first report", () => {
    expect(exportFraction(undefined)).toBe(0);
    expect(exportFraction({ progress: null })).toBe(0);
    expect(exportFraction({ progress: { framesDone: 25, framesTotal: 100 } })).toBe(0.25);
  });
});
