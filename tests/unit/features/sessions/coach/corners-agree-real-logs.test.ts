/**
 * One truth per corner on the real logs: the coach's sentence, the Corners table, the braking table, the map's
 * corner numbers and the charts' cursor read one model of the lap's corners, so they name the same corner at the same
 * place with the same time lost and minimum speeds. Rustavi lap 3 against lap 7 said 'Turn 9: ... cost 0.53 s' and
 * showed 2,631 m, which the Corners table called turn 8 (its turn 9: 2,685 m, +0.23 s); AiM lap 11 against 12 said
 * 'Turn 4: 0.03 s lost' where the table said turn 4 gained 0.12 s.
 */
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { sessionViews } from '../../../../../src/domain/views/session-views';
import { cursorReading } from '../../../../../src/features/sessions/analysis/chart-cursor';
import { findingSentence } from '../../../../../src/features/sessions/coach/coach-sentences';
import { brakingRows, coachReport, cornerMarkers, cornerRows, lapCornersOf } from '../../../../../src/features/sessions/coach/coach-view';
import { sessionsI18n } from '../../../../../src/features/sessions/i18n';
import { lapEntries } from '../../../../../src/features/sessions/shared/analysis-view';
import type { LoadedSession } from '../../../../../src/features/sessions/shared/sessions-port';
import { REAL_LOGS, realSession } from '../../../domain/real-sessions';

async function loaded(file: string): Promise<LoadedSession> {
  const { positions, analysis } = await realSession(file);
  const laps = analysis.laps.map((l) => ({ ...l }));
  return {
    id: 1,
    name: file,
    circuitId: 1,
    sessionIndex: 0,
    positions,
    laps: [],
    analysis: { ...analysis, laps },
    views: sessionViews(positions, laps.filter((l) => l.endIndex > l.startIndex)),
    circuit: null,
    syncState: 'Completed',
    skippedLines: 0,
  } as unknown as LoadedSession;
}

async function translator(lng: 'en-us' | 'pt-pt') {
  const i18n = i18next.createInstance();
  await i18n.init({ lng, lowerCaseLng: true, resources: { [lng]: { sessions: sessionsI18n[lng] } }, ns: ['sessions'], defaultNS: 'sessions', interpolation: { escapeValue: false } });
  return (key: string, options?: Record<string, unknown>) => i18n.t(key, options) as string;
}

const LANGUAGES = [
  ['en-us', 'en-US'],
  ['pt-pt', 'pt-PT'],
] as const;

describe('one model of the corners on the real logs', () => {
  for (const [name, file, referenceLap, lapNumber] of [
    ['Rustavi', REAL_LOGS.rustavi, 7, 3],
    ['the AiM kart', REAL_LOGS.aim, 12, 11],
  ] as const) {
    it(`gives ${name} lap ${lapNumber} against lap ${referenceLap} the same corner, place, time lost and minimum speeds in the coach's sentences, the Corners table, the braking table, the map and the charts' cursor`, async () => {
      const entries = lapEntries([await loaded(file)]);
      const reference = entries.find((e) => e.lap.lapNumber === referenceLap)!;
      const compared = entries.find((e) => e.lap.lapNumber === lapNumber)!;
      const model = lapCornersOf(reference, compared)!;
      // The coach computes its report by itself here (the screen hands it the model it already has).
      const report = coachReport(reference, compared)!;
      expect(report.findings.length).toBeGreaterThan(0);
      const markers = cornerMarkers(model, reference);
      expect(markers.map((m) => m.label)).toEqual(Array.from({ length: model.count }, (_, i) => String(i + 1)));

      for (const [lng, locale] of LANGUAGES) {
        const t = await translator(lng);
        const number = (v: number, digits: number) => v.toLocaleString(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits });
        const table = cornerRows(model, number);
        const braking = brakingRows(report, number, { beforeLine: t('coach.beforeLine'), bothBeforeLine: t('coach.bothBeforeLine') });
        for (const f of report.findings) {
          const sentence = findingSentence(f, t, number);
          const row = table.find((r) => r.corner === f.corner)!;
          // The corner the sentence names is the table's row of that number, shown at that row's distance.
          expect(sentence).toContain(lng === 'en-us' ? `Turn ${f.corner}:` : `Curva ${f.corner}:`);
          expect(f.apexM).toBe(row.atM);
          expect(f.fromM).toBe(row.fromM);
          expect(f.toM).toBe(row.toM);
          // The same time lost, written the same way.
          expect(row.timeLost).toBe(`+${number(f.timeLostMs / 1000, 2)} s`);
          expect(sentence).toContain(` ${number(f.timeLostMs / 1000, 2)} s`);
          // The same minimum speeds: a slower apex in the sentence is the table's difference, to the km/h.
          for (const c of f.causes.filter((c) => c.kind === 'slower-apex')) {
            expect(number(c.amount, 0)).toBe(number(row.referenceMinSpeedKmh - row.minSpeedKmh, 0));
            expect(sentence).toContain(number(c.amount, 0));
          }
          const brakingRow = braking.find((r) => r.corner === f.corner);
          if (brakingRow) {
            expect(brakingRow.focusM).toBe(row.atM);
            expect(brakingRow.apex).toBe(`${number(row.minSpeedKmh, 0)} / ${number(row.referenceMinSpeedKmh, 0)}`);
          }
          // A click on the sentence puts the map's cursor on the reference's line where the map labels this corner.
          const cursor = cursorReading(reference, compared, f.apexM)!.laps.find((l) => l.isReference)!;
          const marker = markers[f.corner - 1];
          expect(marker.label).toBe(String(f.corner));
          expect(marker.lat).toBeCloseTo(cursor.lat, 9);
          expect(marker.lon).toBeCloseTo(cursor.lon, 9);
        }
        // Every row of the braking table is the Corners table's corner at the same place, with its minimum speeds.
        for (const b of braking) {
          const row = table[b.corner - 1];
          expect(b.focusM).toBe(row.atM);
          expect(b.apex).toBe(`${number(row.minSpeedKmh, 0)} / ${number(row.referenceMinSpeedKmh, 0)}`);
          expect(b.brake).not.toContain('<');
        }
      }

      // The corner at a place is the one whose zone holds it: zones tile the lap in driving order, each holding its
      // corner's place and both laps' minimum speeds, so numbering by place and by zone is one numbering.
      expect(model.zoneFromM[0]).toBe(0);
      for (let i = 0; i < model.count; i++) {
        if (i > 0) expect(model.zoneFromM[i]).toBe(model.zoneToM[i - 1]);
        expect(model.zoneToM[i]).toBeGreaterThan(model.zoneFromM[i]);
        expect(model.atM[i]).toBeGreaterThanOrEqual(model.zoneFromM[i]);
        expect(model.atM[i]).toBeLessThan(model.zoneToM[i]);
        for (const p of [model.lap, model.reference]) {
          expect(p.minSpeedM[i]).toBeGreaterThanOrEqual(model.zoneFromM[i]);
          expect(p.minSpeedM[i]).toBeLessThanOrEqual(model.zoneToM[i]);
          if (i > 0) expect(p.minSpeedM[i]).toBeGreaterThan(p.minSpeedM[i - 1]);
        }
      }
      // The zones' losses add up to the lap's delta at the reference's length (the grid's last metre).
      const total = model.timeLostMs.reduce((a, b) => a + b, 0);
      expect(Math.abs(total - (compared.lap.timeMs - reference.lap.timeMs))).toBeLessThan(60);
    });
  }

  it("says Rustavi lap 3 and lap 7 both braked for turn 1 from before the line, in words, never '< 0 / < 0'", async () => {
    const entries = lapEntries([await loaded(REAL_LOGS.rustavi)]);
    const report = coachReport(entries.find((e) => e.lap.lapNumber === 7)!, entries.find((e) => e.lap.lapNumber === 3)!)!;
    for (const [lng, locale] of LANGUAGES) {
      const t = await translator(lng);
      const rows = brakingRows(report, (v, d) => v.toLocaleString(locale, { maximumFractionDigits: d }), { beforeLine: t('coach.beforeLine'), bothBeforeLine: t('coach.bothBeforeLine') });
      expect(rows[0].corner).toBe(1);
      expect(rows[0].brake).toBe(lng === 'en-us' ? 'both before the line' : 'ambas antes da linha');
    }
  });
});
