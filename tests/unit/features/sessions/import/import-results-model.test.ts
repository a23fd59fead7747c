import { describe, expect, it } from 'vitest';
import type { ImportLine } from '../../../../../src/features/sessions/import/use-session-import';
import type { ImportResult } from '../../../../../src/features/sessions/shared';
import { awaitsConfirmation, detailsLine, gatesFellBackLine, importBatch, loggerLapsLine, outcome, progressValue, proposalNote } from '../../../../../src/features/sessions/import/import-results-model';

/** Echoes the key and its values, so what is asked for is seen. */
const t = (key: string, options?: Record<string, unknown>) => (options ? `${key} ${JSON.stringify(options)}` : key);
const result = (over: Partial<ImportResult> = {}) => ({ id: 4, name: 'Braga', laps: 12, ...over }) as ImportResult;
const line = (over: Partial<ImportLine> = {}): ImportLine => ({ key: 'k', fileName: 'run.vbo', state: 'imported', ...over });

describe("the import results' model", () => {
  it("fills the bar by the worker's share while importing, whole once finished", () => {
    expect(progressValue({ state: 'waiting' })).toBe(0);
    expect(progressValue({ state: 'importing', progress: 0.426 })).toBe(43);
    expect(progressValue({ state: 'importing', progress: 2 })).toBe(100);
    expect(progressValue({ state: 'failed' })).toBe(100);
  });

  it('says what came of a file: imported with its laps, already stored, or why not', () => {
    expect(outcome(line({ result: result() }), t)).toBe('import.done {"name":"Braga","laps":12}');
    expect(outcome(line({ state: 'duplicate' }), t)).toBe('import.alreadyStored {"name":"run.vbo"}');
    expect(outcome(line({ state: 'failed', reason: 'Not a log' }), t)).toBe('Not a log');
    expect(outcome(line({ state: 'importing' }), t)).toBe('');
  });

  it("lists the logger's details in order, and its own laps beside ours", () => {
    expect(detailsLine({ venue: 'Fuji', driver: 'CMD' }, t)).toBe('import.details.driver {"value":"CMD"} · import.details.venue {"value":"Fuji"}');
    expect(detailsLine(null, t)).toBe('');
    expect(loggerLapsLine(result({ loggerLaps: { count: 5, matched: 3, maxAbsDiffMs: 12 } }), t, 'en-us')).toBe('import.loggerLaps.partly {"count":5,"matched":3,"diff":"0.012"}');
    expect(loggerLapsLine(result({ loggerLaps: { count: 5, matched: 0, maxAbsDiffMs: 0 } }), t, 'en-us')).toContain('loggerLaps.alone');
    expect(loggerLapsLine(result(), t, 'en-us')).toBe('');
  });

  it("says what timed the laps when the file's own gates did not, and where a proposed start/finish came from", () => {
    expect(gatesFellBackLine(result({ fileGatesIgnored: true, lapSource: 'circuit' }), t)).toBe('import.gatesFellBack.circuit');
    expect(gatesFellBackLine(result({ fileGatesIgnored: false }), t)).toBe('');
    expect(proposalNote(result({ proposal: { from: 'logger' } as ImportResult['proposal'] }), t)).toBe('startFinish.noCircuitLogger');
    expect(proposalNote(result(), t)).toBe('startFinish.noCircuit');
  });

  it('counts the finished lines and those whose start/finish awaits the racer', () => {
    const awaiting = line({ result: result({ proposal: { from: 'trace' } as ImportResult['proposal'] }), file: new File([''], 'a') });
    const lines = [awaiting, line({ key: 'b', state: 'importing' }), line({ key: 'c', state: 'failed' }), { ...awaiting, key: 'd', confirmed: { circuitName: 'X', laps: 3 } }];
    expect(awaitsConfirmation(awaiting)).toBe(true);
    expect(importBatch(lines)).toEqual({ done: 3, awaiting: [awaiting], busy: false });
    expect(importBatch([{ ...awaiting, confirming: true }]).busy).toBe(true);
  });
});
