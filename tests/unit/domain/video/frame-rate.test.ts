import { describe, expect, it } from 'vitest';
import { frameRateFromTimes, unevenSampleDurations } from '../../../../src/domain/video/frame-rate';

const times = (n: number, step: (i: number) => number) => {
  const out = [0];
  for (let i = 1; i < n; i++) out.push(out[i - 1] + step(i));
  return out;
};

describe('frame rate from the frames shown', () => {
  it('finds a constant rate and snaps it to the camera rate it is', () => {
    expect(frameRateFromTimes(times(12, () => 1 / 25))).toEqual({ fps: 25, variableFrameRate: false });
    expect(frameRateFromTimes(times(12, () => 1001 / 30000))).toEqual({ fps: 29.97, variableFrameRate: false });
    expect(frameRateFromTimes(times(12, () => 1 / 60))?.fps).toBe(60);
  });

  it('is not thrown by a frame the browser skipped', () => {
    expect(frameRateFromTimes(times(12, (i) => (i === 5 ? 2 / 30 : 1 / 30)))).toEqual({ fps: 30, variableFrameRate: false });
  });

  it('tells a phone’s variable frame rate', () => {
    const uneven = times(20, (i) => (i % 3 === 0 ? 0.045 : 0.029));
    expect(frameRateFromTimes(uneven)?.variableFrameRate).toBe(true);
  });

  it('keeps an unusual rate as measured, and needs three frames', () => {
    expect(frameRateFromTimes(times(10, () => 1 / 12))?.fps).toBeCloseTo(12, 6);
    expect(frameRateFromTimes([0, 0.04])).toBeNull();
  });
});

describe('an MP4 track whose frames last differently', () => {
  it('is a variable frame rate when its longest frame is more than a tenth over its shortest', () => {
    expect(unevenSampleDurations([{ duration: 10 }, { duration: 10 }, { duration: 25 }])).toBe(true);
    expect(unevenSampleDurations([{ duration: 1001 }, { duration: 1001 }, { duration: 1100 }])).toBe(false);
    expect(unevenSampleDurations([{ duration: 10 }, { duration: 25 }])).toBe(false);
    expect(unevenSampleDurations([])).toBe(false);
  });
});
