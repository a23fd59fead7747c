import { describe, expect, it } from 'vitest';
import { parseLapsCounting, parseLapsText } from '../../../src/domain/parse-laps';

describe('parseLapsText', () => {
  it('parses 8-field lines, ignores lap 0, sorts by lap and names the last one In Lap', () => {
    const text = ['3;2;61000;20000;21000;20000;98.5;40.2', '1;0;5000;0;0;0;50;0', '2;1;60500;19900;20600;20000;99.1;41.7', '4;3;80000;25000;30000;25000;90;10', ''].join('\n');
    const { laps, issues } = parseLapsText(text);
    expect(issues).toEqual([]);
    expect(laps.map((l) => l.lapNumber)).toEqual([1, 2, 3]);
    expect(laps.map((l) => l.lapName)).toEqual(['Lap 1', 'Lap 2', 'In Lap']);
    expect(laps[0]).toEqual({
      lapNumber: 1,
      lapName: 'Lap 1',
      timeMs: 60500,
      sectorsMs: [19900, 20600, 20000],
      maxSpeedKmh: 99.1,
      minSpeedKmh: 41.7,
      valid: true,
    });
  });

  it('parses the older 7-field lines the same way', () => {
    const { laps, issues } = parseLapsText('1;60500;19900;20600;20000;99.1;41.7\n2;61000;20000;21000;20000;98.5;40.2\n');
    expect(issues).toEqual([]);
    expect(laps.map((l) => [l.lapNumber, l.timeMs, l.lapName])).toEqual([
      [1, 60500, 'Lap 1'],
      [2, 61000, 'In Lap'],
    ]);
  });

  it('tolerates CRLF line ends and blank lines', () => {
    const { laps, issues } = parseLapsText('\r\n1;1;60500;19900;20600;20000;99.1;41.7\r\n\r\n   \r\n2;2;61000;20000;21000;20000;98.5;40.2\r\n');
    expect(issues).toEqual([]);
    expect(laps).toHaveLength(2);
    expect(laps[1].minSpeedKmh).toBe(40.2);
  });

  it('keeps laps with a time of zero or less but marks them invalid', () => {
    const { laps } = parseLapsText('1;1;0;0;0;0;0;0\n2;2;-5;0;0;0;0;0\n3;3;61000;20000;21000;20000;98.5;40.2');
    expect(laps.map((l) => l.valid)).toEqual([false, false, true]);
  });

  it('reports corrupt lines with 1-based line numbers and keeps the good ones', () => {
    const text = ['1;1;60500;19900;20600;20000;99.1;41.7', 'garbage', '3;2;abc;1;1;1;1;1', '', '4;x;1;1;1;1;1;1', '5;2;61000;20000;21000;20000;98.5;40'].join('\n');
    const { laps, issues } = parseLapsText(text);
    expect(laps.map((l) => l.lapNumber)).toEqual([1, 2]);
    expect(issues.map((i) => i.line)).toEqual([2, 3, 5]);
    expect(issues[0].reason).toMatch(/fields/);
  });

  it('reports a repeated lap number and keeps the first line', () => {
    const { laps, issues } = parseLapsText('1;1;60500;1;1;1;1;1\n2;1;70000;1;1;1;1;1');
    expect(laps).toHaveLength(1);
    expect(laps[0].timeMs).toBe(60500);
    expect(issues).toEqual([{ line: 2, reason: 'lap 1 repeated' }]);
  });

  it('rejects empty and non-decimal numbers instead of reading them as zero', () => {
    const { laps, issues } = parseLapsText('1;1;;1;1;1;1;1\n1;1;0x10;1;1;1;1;1\n1;1;1e3;1;1;1;1;1\n1;1.5;1;1;1;1;1;1\n1;-1;1;1;1;1;1;1');
    expect(laps).toEqual([]);
    expect(issues.map((i) => i.line)).toEqual([1, 2, 3, 4, 5]);
  });

  it('reports lap and sector times of a day or more and speeds over 500 km/h as damaged lines, never as laps', () => {
    const text = [
      '1;1;60500;19900;20600;20000;99.1;41.7',
      '2;2;99999999999999;1;1;1;1;1',
      '3;3;86400000;1;1;1;1;1',
      '4;4;60000;1;86400000;1;1;1',
      '5;5;60000;1;1;1;501;1',
      '6;6;86399999;20000;21000;20000;500;40',
    ].join('\n');
    const { laps, issues } = parseLapsText(text);
    expect(laps.map((l) => l.lapNumber)).toEqual([1, 6]);
    expect(issues).toEqual([
      { line: 2, reason: 'lap time is out of range' },
      { line: 3, reason: 'lap time is out of range' },
      { line: 4, reason: 'sector 2 time is out of range' },
      { line: 5, reason: 'max speed is out of range' },
    ]);
  });

  it('returns nothing for empty text', () => {
    expect(parseLapsText('')).toEqual({ laps: [], issues: [] });
  });
});

describe('parseLapsCounting', () => {
  it('keeps the same laps as parseLapsText and counts the bad lines it reports', () => {
    const text = ['2;1;60500;19900;20600;20000;99.1;41.7', 'x', '3;2;61000;20000;21000;20000;98.5;40.2', '4;2;1;1;1;1;1;1', 'a;b', ''].join('\n');
    const full = parseLapsText(text);
    expect(parseLapsCounting(text)).toEqual({ laps: full.laps, badLines: full.issues.length });
    expect(full.issues.length).toBe(3);
  });
});
