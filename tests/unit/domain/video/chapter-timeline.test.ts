import { describe, expect, it } from 'vitest';
import { chapterStartsUs, decodeOrder, firstKeptSample, syncOnJoined } from '../../../../src/domain/video/chapter-timeline';
import { sessionTimeAt } from '../../../../src/domain/video/video-clock';

describe('the timeline of joined chapters', () => {
  it('starts each chapter where the pictures of the chapters before it end', () => {
    expect(chapterStartsUs([600_000_000, 600_033_367, 12_500_000])).toEqual([0, 600_000_000, 1_200_033_367]);
    expect(chapterStartsUs([])).toEqual([]);
  });

  it('drops the sound packets of a chapter that would overlap the sound the previous chapter ran on for', () => {
    // AAC packets of 21.333 ms; the previous chapter's sound ended 30 ms after its picture (chapter start 10 s).
    const packets = [0, 21_333, 42_667, 64_000];
    expect(firstKeptSample(packets, 10_000_000, 10_030_000)).toBe(2);
    // Sound that ended before the picture: nothing dropped.
    expect(firstKeptSample(packets, 10_000_000, 9_990_000)).toBe(0);
    // The first chapter: nothing before it.
    expect(firstKeptSample(packets, 0, 0)).toBe(0);
    expect(firstKeptSample(packets, 0, 1e12)).toBe(4);
  });

  it('writes the two tracks in decode order, the picture first at a tie', () => {
    expect([...decodeOrder([0, 40, 80], [0, 21, 42, 64, 85])]).toEqual([
      ['video', 0],
      ['audio', 0],
      ['audio', 1],
      ['video', 1],
      ['audio', 2],
      ['audio', 3],
      ['video', 2],
      ['audio', 4],
    ]);
    expect([...decodeOrder([0, 40], [])]).toEqual([
      ['video', 0],
      ['video', 1],
    ]);
  });

  it('moves a sync onto a joined file that lost its edit list, so each frame still shows the same session time', () => {
    const sync = { offsetMs: 12_000, rate: 1.00005, method: 'gpmf' as const };
    const lead = 66_733;
    const moved = syncOnJoined(sync, lead);
    expect(moved.method).toBe('gpmf');
    expect(moved.rate).toBe(sync.rate);
    // A frame shown at 100 s in the source is at 100 s + lead in the joined file.
    expect(sessionTimeAt(moved, 100 + lead / 1e6)).toBeCloseTo(sessionTimeAt(sync, 100), 6);
    expect(syncOnJoined(sync, 0)).toEqual(sync);
  });
});
