import { describe, expect, it } from 'vitest';
import { syncSentence } from '../../../../../src/features/sessions/video/sync-sentence';
import { videoI18n } from '../../../../../src/features/sessions/video/i18n';

describe("the player's sync sentence", () => {
  it('says the video is not synced, synced by N marks, or how its sync was found', () => {
    expect(syncSentence({ sync: null, marks: [] })).toEqual({ key: 'sync.none' });
    expect(syncSentence({ sync: { offsetMs: 0, rate: 1, method: 'marks' }, marks: [{ lap: 1, videoS: 0 }, { lap: 2, videoS: 70 }] })).toEqual({ key: 'sync.marks', values: { count: 2 } });
    expect(syncSentence({ sync: { offsetMs: 0, rate: 1, method: 'gpmf' }, marks: [] })).toEqual({ key: 'sync.gpmf' });
    expect(syncSentence({ sync: { offsetMs: 0, rate: 1, method: 'creation-time' }, marks: [] })).toEqual({ key: 'sync.creation-time' });
  });

  it('has each of its sentences in both languages', () => {
    for (const lang of ['en-us', 'pt-pt'] as const) {
      const texts: Record<string, string> = videoI18n[lang].sync;
      for (const key of ['none', 'gpmf', 'creation-time', 'marks_one', 'marks_other']) expect(texts[key], `${lang} ${key}`).toBeTruthy();
    }
  });
});
