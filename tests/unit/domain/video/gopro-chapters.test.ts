import { describe, expect, it } from 'vitest';
import { goProChapterFileName, goProChapterOf, groupChapters } from '../../../../src/domain/video/gopro-chapters';

const byName = (names: string[]) => groupChapters(names, (n) => n);

describe('GoPro chapters', () => {
  it('reads the chapter and recording from HERO6-and-later names and from HERO5-and-earlier ones', () => {
    expect(goProChapterOf('GX010042.MP4')).toEqual({ series: 'GX', chapter: 1, recording: '0042' });
    expect(goProChapterOf('gh030042.mp4')).toEqual({ series: 'GH', chapter: 3, recording: '0042' });
    expect(goProChapterOf('GOPR0042.MP4')).toEqual({ series: 'GP', chapter: 1, recording: '0042' });
    expect(goProChapterOf('GP010042.MP4')).toEqual({ series: 'GP', chapter: 2, recording: '0042' });
    expect(goProChapterOf('C:\\DCIM\\100GOPRO\\GX020042.MP4')?.chapter).toBe(2);
    for (const other of ['onboard.mp4', 'GX000042.MP4', 'GX01042.MP4', 'VID_20260704.mp4', 'GX010042.webm']) expect(goProChapterOf(other)).toBeNull();
  });

  it('writes a chapter’s file name back in the camera’s style', () => {
    expect(goProChapterFileName({ series: 'GX', chapter: 2, recording: '0042' })).toBe('GX020042.MP4');
    expect(goProChapterFileName({ series: 'GP', chapter: 1, recording: '0042' })).toBe('GOPR0042.MP4');
    expect(goProChapterFileName({ series: 'GP', chapter: 3, recording: '0042' })).toBe('GP020042.MP4');
  });

  it('makes one video of the chapters of one recording, in chapter order whatever the picking order', () => {
    const { recordings, others } = byName(['GX030042.MP4', 'GX010042.MP4', 'GX020042.MP4']);
    expect(others).toEqual([]);
    expect(recordings).toEqual([{ key: 'GX0042', files: ['GX010042.MP4', 'GX020042.MP4', 'GX030042.MP4'], missing: [] }]);
  });

  it('keeps recordings apart, and files that are not chapters on their own', () => {
    const { recordings, others } = byName(['GX010042.MP4', 'GH010042.MP4', 'GX010043.MP4', 'phone.mp4', 'GOPR0042.MP4', 'GP010042.MP4']);
    expect(recordings.map((r) => r.key)).toEqual(['GX0042', 'GH0042', 'GX0043', 'GP0042']);
    expect(recordings[3].files).toEqual(['GOPR0042.MP4', 'GP010042.MP4']);
    expect(others).toEqual(['phone.mp4']);
  });

  it('names the missing chapters, the first one included', () => {
    expect(byName(['GX010042.MP4', 'GX030042.MP4']).recordings[0].missing).toEqual(['GX020042.MP4']);
    expect(byName(['GX020042.MP4']).recordings[0].missing).toEqual(['GX010042.MP4']);
    expect(byName(['GP020042.MP4']).recordings[0].missing).toEqual(['GOPR0042.MP4', 'GP010042.MP4']);
    // A chapter picked twice counts once.
    expect(byName(['GX010042.MP4', 'GX010042.MP4', 'GX020042.MP4']).recordings[0].files).toHaveLength(2);
  });
});
