/**
 * Blends the overlay's pixels (straight RGBA, as getImageData gives them) into a decoded frame's own 4:2:0 planes
 * (I420, or NV12 as hardware decoders give them), so the export never turns the whole picture into RGB and back:
 * in Chromium, drawing a decoded frame on a canvas cost twice the frame's decoding and encoding together, while the
 * gauges cover under a third of the frame. Luma is blended per pixel; each chroma sample takes the mean of its 2x2
 * pixels' coverage. The overlay's colours go through the frame's own matrix and range, so a white text stays white.
 * Integer results need no clamping: each is a weighted mean of two values in range.
 */

/** Where each plane of a frame's bytes starts and how long its rows are (VideoFrame.copyTo's layout). */
export interface YuvPlanes {
  format: 'I420' | 'NV12';
  yOffset: number;
  yStride: number;
  /** NV12: the interleaved UV plane (V is the byte after U). */
  uOffset: number;
  uStride: number;
  vOffset: number;
  vStride: number;
}

/** RGB (0-255) to Y'CbCr for one matrix and range: y = yBase + yr R + yg G + yb B, likewise u and v around 128. */
export interface YuvCoefficients {
  yBase: number;
  yr: number;
  yg: number;
  yb: number;
  ur: number;
  ug: number;
  ub: number;
  vr: number;
  vg: number;
  vb: number;
}

/** The coefficients of BT.709 (HD video, the default) or BT.601 ('bt470bg', 'smpte170m'), limited or full range. */
export function yuvCoefficients(matrix: string | null | undefined, fullRange: boolean | null | undefined, height: number): YuvCoefficients {
  // An untagged frame: HD is BT.709, SD is BT.601, as players assume.
  const bt601 = matrix === 'bt470bg' || matrix === 'smpte170m' || (!matrix && height < 720);
  const kr = bt601 ? 0.299 : 0.2126;
  const kb = bt601 ? 0.114 : 0.0722;
  const kg = 1 - kr - kb;
  const ys = fullRange ? 1 : 219 / 255;
  const cs = fullRange ? 1 : 224 / 255;
  const cb = cs / (2 * (1 - kb));
  const cr = cs / (2 * (1 - kr));
  return {
    yBase: fullRange ? 0 : 16,
    yr: kr * ys,
    yg: kg * ys,
    yb: kb * ys,
    ur: -kr * cb,
    ug: -kg * cb,
    ub: (1 - kb) * cb,
    vr: (1 - kr) * cr,
    vg: -kg * cr,
    vb: -kb * cr,
  };
}

/**
 * A box of overlay in a frame's terms, made once per change of what the box shows: per pixel what the frame keeps
 * (255 - alpha) and the overlay's luma times alpha; per chroma sample (2x2 pixels) what the frame keeps (1020 - the
 * alphas' sum) and the overlay's U and V times alpha, summed. Blending it is then a multiply-add per byte.
 */
export interface YuvLayer {
  width: number;
  height: number;
  /** No pixel is drawn: blending it changes nothing. */
  empty: boolean;
  keepY: Uint8Array;
  y: Uint16Array;
  keepC: Uint16Array;
  u: Uint32Array;
  v: Uint32Array;
}

/** An empty (fully transparent) layer of width x height pixels, both even. */
export function emptyLayer(width: number, height: number): YuvLayer {
  const chroma = (width >> 1) * (height >> 1);
  return {
    width,
    height,
    empty: true,
    keepY: new Uint8Array(width * height).fill(255),
    y: new Uint16Array(width * height),
    keepC: new Uint16Array(chroma).fill(1020),
    u: new Uint32Array(chroma),
    v: new Uint32Array(chroma),
  };
}

/**
 * Makes the part of `layer` at (ax, ay), aw x ah pixels (all even, inside the layer), from `rgba` (straight alpha,
 * aw x ah) through the frame's coefficients. Runs of one colour (a box's background) are converted once.
 */
export function updateLayer(layer: YuvLayer, rgba: Uint8ClampedArray, ax: number, ay: number, aw: number, ah: number, k: YuvCoefficients): void {
  const { width, keepY, y, keepC, u, v } = layer;
  const cw = width >> 1;
  const pixels = new Uint32Array(rgba.buffer, rgba.byteOffset, aw * ah);
  for (let row = ay >> 1; row < (ay + ah) >> 1; row++) {
    keepC.fill(1020, row * cw + (ax >> 1), row * cw + ((ax + aw) >> 1));
    u.fill(0, row * cw + (ax >> 1), row * cw + ((ax + aw) >> 1));
    v.fill(0, row * cw + (ax >> 1), row * cw + ((ax + aw) >> 1));
  }
  let last = -1;
  let ya = 0;
  let ua = 0;
  let va = 0;
  let a = 0;
  let drawn = false;
  for (let row = 0, p = 0; row < ah; row++) {
    let i = (ay + row) * width + ax;
    let ci = ((ay + row) >> 1) * cw + (ax >> 1);
    for (let col = 0; col < aw; col++, p++, i++) {
      const px = pixels[p];
      if (px !== last) {
        last = px;
        const o = p * 4;
        a = rgba[o + 3];
        const r = rgba[o];
        const g = rgba[o + 1];
        const b = rgba[o + 2];
        ya = (k.yBase + k.yr * r + k.yg * g + k.yb * b) * a + 0.5;
        ua = (128 + k.ur * r + k.ug * g + k.ub * b) * a + 0.5;
        va = (128 + k.vr * r + k.vg * g + k.vb * b) * a + 0.5;
      }
      keepY[i] = 255 - a;
      y[i] = ya;
      if (a !== 0) {
        drawn = true;
        keepC[ci] -= a;
        u[ci] += ua;
        v[ci] += va;
      }
      if (col & 1) ci++;
    }
  }
  // A layer once drawn stays blended (a cleared part has alpha 0 and costs a test).
  if (drawn) layer.empty = false;
}

/** Blends a layer over the frame's planes with its top left corner at (x, y), both even, inside the frame. */
export function blendLayer(frame: Uint8Array, planes: YuvPlanes, layer: YuvLayer, x: number, y: number): void {
  if (layer.empty) return;
  const { width, height, keepY, keepC } = layer;
  const ly = layer.y;
  // Integer arithmetic only (small integers stay unboxed): n / 255 rounded is (n + 128 + ((n + 128) >> 8)) >> 8
  // for every n up to 65535, and a fully transparent pixel (keep 255, luma 0) comes out unchanged.
  for (let row = 0, i = 0; row < height; row++) {
    let at = planes.yOffset + (y + row) * planes.yStride + x;
    for (const end = i + width; i < end; i++, at++) {
      const n = frame[at] * keepY[i] + ly[i] + 128;
      frame[at] = (n + (n >> 8)) >> 8;
    }
  }
  const nv12 = planes.format === 'NV12';
  const step = nv12 ? 2 : 1;
  const cw = width >> 1;
  const { u, v } = layer;
  for (let row = 0, ci = 0; row < height >> 1; row++) {
    const cy = (y >> 1) + row;
    let uAt = planes.uOffset + cy * planes.uStride + (x >> 1) * step;
    let vAt = nv12 ? uAt + 1 : planes.vOffset + cy * planes.vStride + (x >> 1);
    for (const end = ci + cw; ci < end; ci++, uAt += step, vAt += step) {
      const keep = keepC[ci];
      if (keep === 1020) continue;
      // n / 1020 rounded, as a multiplication: exact to a step below 1 for n up to 260 100.
      frame[uAt] = ((frame[uAt] * keep + u[ci] + 510) * 4112) >>> 22;
      frame[vAt] = ((frame[vAt] * keep + v[ci] + 510) * 4112) >>> 22;
    }
  }
}
