/**
 * The overlay's blend into a frame's own YUV planes, on small hand-made frames: what a covered, a half-covered and an
 * uncovered pixel become, in I420 and NV12, and a part of a layer made again without touching the rest.
 */
import { describe, expect, it } from 'vitest';
import { blendLayer, emptyLayer, updateLayer, yuvCoefficients, type YuvPlanes } from '../../../../src/media/export/yuv-blend';

const W = 8;
const H = 4;
const i420: YuvPlanes = { format: 'I420', yOffset: 0, yStride: W, uOffset: W * H, uStride: W / 2, vOffset: W * H + (W / 2) * (H / 2), vStride: W / 2 };
const nv12: YuvPlanes = { format: 'NV12', yOffset: 0, yStride: W, uOffset: W * H, uStride: W, vOffset: W * H + 1, vStride: W };

/** A grey frame: luma 100, chroma 128. */
function grey(): Uint8Array {
  const f = new Uint8Array(W * H * 1.5).fill(128);
  f.fill(100, 0, W * H);
  return f;
}

/** width x height pixels of one straight-alpha colour. */
function solid(width: number, height: number, rgba: [number, number, number, number]): Uint8ClampedArray {
  const out = new Uint8ClampedArray(width * height * 4);
  for (let i = 0; i < width * height; i++) out.set(rgba, i * 4);
  return out;
}

const k = yuvCoefficients('bt709', false, 720);

describe('yuv blend', () => {
  it('turns limited-range BT.709 white and black into luma 235 and 16 with neutral chroma', () => {
    const layer = emptyLayer(2, 2);
    updateLayer(layer, solid(2, 2, [255, 255, 255, 255]), 0, 0, 2, 2, k);
    const f = grey();
    blendLayer(f, i420, layer, 0, 0);
    expect([f[0], f[1], f[W], f[W + 1]]).toEqual([235, 235, 235, 235]);
    expect([f[i420.uOffset], f[i420.vOffset]]).toEqual([128, 128]);
    updateLayer(layer, solid(2, 2, [0, 0, 0, 255]), 0, 0, 2, 2, k);
    blendLayer(f, i420, layer, 0, 0);
    expect(f[0]).toBe(16);
  });

  it('mixes a half-transparent colour with the frame and leaves uncovered pixels as they were', () => {
    const layer = emptyLayer(4, 2);
    const rgba = solid(4, 2, [255, 0, 0, 0]);
    rgba.set([255, 255, 255, 128], 0);
    updateLayer(layer, rgba, 0, 0, 4, 2, k);
    const f = grey();
    blendLayer(f, i420, layer, 2, 0);
    // 100 and 235 mixed at 128/255.
    expect(f[2]).toBe(Math.round((100 * 127 + 235 * 128) / 255));
    expect([f[3], f[4], f[5], f[W + 2]]).toEqual([100, 100, 100, 100]);
    // Neutral colour over neutral chroma: unchanged.
    expect(f[i420.uOffset + 1]).toBe(128);
    expect(f.subarray(0, 2)).toEqual(new Uint8Array([100, 100]));
  });

  it('moves chroma towards a colour by the share of the 2x2 pixels it covers, in I420 and in NV12', () => {
    const layer = emptyLayer(2, 2);
    updateLayer(layer, solid(2, 2, [255, 0, 0, 255]), 0, 0, 2, 2, k);
    const a = grey();
    blendLayer(a, i420, layer, 4, 2);
    const b = grey();
    blendLayer(b, nv12, layer, 4, 2);
    const red = { u: Math.round(128 + k.ur * 255), v: Math.round(128 + k.vr * 255) };
    expect([a[i420.uOffset + 1 * (W / 2) + 2], a[i420.vOffset + 1 * (W / 2) + 2]]).toEqual([red.u, red.v]);
    expect([b[nv12.uOffset + 1 * W + 4], b[nv12.uOffset + 1 * W + 5]]).toEqual([red.u, red.v]);
    expect(a.subarray(0, W * H)).toEqual(b.subarray(0, W * H));
  });

  it('makes a part of a layer again and keeps the rest', () => {
    const layer = emptyLayer(4, 2);
    updateLayer(layer, solid(4, 2, [255, 255, 255, 255]), 0, 0, 4, 2, k);
    updateLayer(layer, solid(2, 2, [0, 0, 0, 0]), 2, 0, 2, 2, k);
    const f = grey();
    blendLayer(f, i420, layer, 0, 0);
    expect([f[0], f[1], f[2], f[3]]).toEqual([235, 235, 100, 100]);
    expect(f[i420.uOffset + 1]).toBe(128);
  });

  it('uses BT.601 for SD frames and tagged ones, and full range when the frame says so', () => {
    expect(yuvCoefficients(null, false, 480).yr).toBeCloseTo(0.299 * (219 / 255));
    expect(yuvCoefficients('smpte170m', false, 1080).yr).toBeCloseTo(0.299 * (219 / 255));
    const full = yuvCoefficients('bt709', true, 1080);
    expect(full.yBase + (full.yr + full.yg + full.yb) * 255).toBeCloseTo(255);
  });
});
