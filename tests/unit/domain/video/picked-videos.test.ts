import { describe, expect, it } from 'vitest';
import { pickedVideos } from '../../../../src/domain/video/picked-videos';

const pick = (names: string[]) => pickedVideos(names, (n) => n);

describe('what one pick of files becomes', () => {
  it('makes the chapters of one recording one video, in chapter order, and every other file a video of its own', () => {
    expect(pick(['phone.mp4', 'GX020042.MP4', 'GX010042.MP4', 'GX010043.MP4'])).toEqual([
      { kind: 'chapters', files: ['GX010042.MP4', 'GX020042.MP4'], gap: null },
      { kind: 'file', file: 'GX010043.MP4', gap: null },
      { kind: 'file', file: 'phone.mp4', gap: null },
    ]);
  });

  it('joins HERO5-style chapters too (GOPR then GP01)', () => {
    expect(pick(['GP010042.MP4', 'GOPR0042.MP4'])).toEqual([{ kind: 'chapters', files: ['GOPR0042.MP4', 'GP010042.MP4'], gap: null }]);
  });

  it('stops at a chapter missing in the middle, naming it and the chapters left out', () => {
    expect(pick(['GX010042.MP4', 'GX020042.MP4', 'GX040042.MP4', 'GX050042.MP4'])).toEqual([
      { kind: 'chapters', files: ['GX010042.MP4', 'GX020042.MP4'], gap: { missing: ['GX030042.MP4'], leftOut: ['GX040042.MP4', 'GX050042.MP4'] } },
    ]);
    // Only the first chapter before the gap: that one file, stored as it is.
    expect(pick(['GX010042.MP4', 'GX030042.MP4'])).toEqual([{ kind: 'file', file: 'GX010042.MP4', gap: { missing: ['GX020042.MP4'], leftOut: ['GX030042.MP4'] } }]);
  });

  it('starts a recording whose first chapters are missing at the first chapter picked', () => {
    expect(pick(['GX030042.MP4', 'GX020042.MP4'])).toEqual([{ kind: 'chapters', files: ['GX020042.MP4', 'GX030042.MP4'], gap: null }]);
  });

  it('makes nothing of an empty pick and one video of a chapter picked twice', () => {
    expect(pick([])).toEqual([]);
    expect(pick(['GX010042.MP4', 'GX010042.MP4'])).toEqual([{ kind: 'file', file: 'GX010042.MP4', gap: null }]);
  });
});
