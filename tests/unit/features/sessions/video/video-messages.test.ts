import { describe, expect, it } from 'vitest';
import { videoI18n } from '../../../../../src/features/sessions/video/i18n';
import type { VideoErrorCode } from '../../../../../src/media/video-error';
import type { AddNotice } from '../../../../../src/data/use-cases/add-video';
import { videoNotices } from '../../../../../src/domain/video/video-notices';

/**
 * Every refusal of a video and every notice about one has a sentence in English and in Portuguese, and the
 * notices a file itself gives (variable frame rate, shorter than the session, a GoPro chapter without the ones
 * before it) are found.
 */

/** Every code and notice the media layer can give (a Record, so a new code must be listed here). */
const KEYS: Record<VideoErrorCode | AddNotice, true> = {
  'unsupported-file': true,
  undecodable: true,
  'no-storage': true,
  quota: true,
  aborted: true,
  'write-failed': true,
  'no-overlap': true,
  'no-gps-match': true,
  vfr: true,
  shorter: true,
  'missing-chapter': true,
  'chapter-unreadable': true,
  'chapters-differ': true,
  'chapter-gap': true,
};

describe('video messages', () => {
  it('has a distinct sentence for every refusal and notice in both languages', () => {
    const en: Record<string, string> = videoI18n['en-us'].errors;
    const pt: Record<string, string> = videoI18n['pt-pt'].errors;
    for (const key of Object.keys(KEYS)) {
      expect(en[key], key).toBeTruthy();
      expect(pt[key], key).toBeTruthy();
      expect(pt[key], key).not.toBe(en[key]);
    }
    // An undecodable video names its codec and what to use instead, in both languages.
    for (const text of [en.undecodable, pt.undecodable]) {
      expect(text).toContain('{{codec}}');
      for (const format of ['H.264', 'VP9', 'AV1']) expect(text).toContain(format);
    }
    // The missing chapters are named in both languages; a quota hit says nothing was kept.
    expect(en['missing-chapter']).toContain('{{names}}');
    expect(pt['missing-chapter']).toContain('{{names}}');
    // A chapter that stops the join is named; a gap names the missing chapter and the ones left out.
    for (const lang of [en, pt]) {
      expect(lang['chapter-unreadable']).toContain('{{name}}');
      expect(lang['chapters-differ']).toContain('{{name}}');
      expect(lang['chapter-gap']).toContain('{{names}}');
      expect(lang['chapter-gap']).toContain('{{leftOut}}');
    }
    expect(en.quota).toMatch(/Nothing was kept/);
    expect(pt.quota).toMatch(/Nada foi guardado/);
  });

  it('says a video is shorter than the session, but not for a second or less', () => {
    const base = { fileName: 'onboard.mp4', variableFrameRate: false, sessionDurationMs: 850_000 };
    expect(videoNotices({ ...base, durationS: 600 }).keys).toEqual(['shorter']);
    expect(videoNotices({ ...base, durationS: 849.5 }).keys).toEqual([]);
    expect(videoNotices({ ...base, durationS: 900, variableFrameRate: true }).keys).toEqual(['vfr']);
  });

  it('names the GoPro chapters missing before the one picked', () => {
    const later = videoNotices({ fileName: 'GX030042.MP4', durationS: 900, variableFrameRate: false, sessionDurationMs: 600_000 });
    expect(later.keys).toEqual(['missing-chapter']);
    expect(later.missingChapters).toEqual(['GX010042.MP4', 'GX020042.MP4']);
    expect(videoNotices({ fileName: 'GX010042.MP4', durationS: 900, variableFrameRate: false, sessionDurationMs: 600_000 }).keys).toEqual([]);
  });
});
