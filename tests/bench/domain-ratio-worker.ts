/**
 * Bench-only worker: in the same worker and over the same bytes, times alternately a bare newline-counting pass,
 * the positions parser, and the floor of any parser that returns fresh columns: the same newline pass plus
 * allocating the six output columns for the lines it counted and filling them with the engine's own fill (a
 * memset: no number parsing at all). The floor shows what reading the text once and writing the results once
 * costs in this engine before any parsing (on this VM most of it is the kernel's first-touch page faults of the
 * new ~25 MB), so parse / newline can be read against floor / newline. The floor runs in its own loop after the
 * parser's (its garbage would otherwise add collections to the parser's runs).
 * Message in: { bytes, runs }; message out: { newlineMs, parseMs, floorMs: number[], lines, fixes }.
 */
import { parsePositionsBytes } from '../../src/domain/parse-positions';

function countNewlines(bytes: Uint8Array): number {
  let n = 0;
  for (let i = 0; i < bytes.length; i++) if (bytes[i] === 10) n++;
  return n;
}

/** Newline pass + the six result columns (the parser's types) allocated and written once. */
function floorPass(bytes: Uint8Array): number {
  const n = countNewlines(bytes);
  const columns = [new Int32Array(n), new Float64Array(n), new Float64Array(n), new Float64Array(n), new Float32Array(n), new Float64Array(n)];
  for (const c of columns) c.fill(1);
  return columns.length;
}

self.onmessage = (event: MessageEvent<{ bytes: Uint8Array; runs: number }>) => {
  const { bytes, runs } = event.data;
  const newlineMs: number[] = [];
  const parseMs: number[] = [];
  const floorMs: number[] = [];
  let lines = 0;
  let fixes = 0;
  for (let r = 0; r < runs; r++) {
    let t = performance.now();
    lines = countNewlines(bytes);
    newlineMs.push(performance.now() - t);
    t = performance.now();
    fixes = parsePositionsBytes(bytes).positions.count;
    parseMs.push(performance.now() - t);
  }
  // The floor in its own loop afterwards: its 25 MB per run would otherwise add to the parser's garbage collections.
  for (let r = 0; r < runs; r++) {
    const t = performance.now();
    floorPass(bytes);
    floorMs.push(performance.now() - t);
  }
  self.postMessage({ newlineMs, parseMs, floorMs, lines, fixes });
};
