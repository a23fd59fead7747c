/**
 * Bench-only worker: in the same worker and over the same bytes, times a bare newline-counting pass and the
 * positions parser alternately, so their ratio is measured in Chromium's engine. Message in: { bytes, runs };
 * message out: { newlineMs: number[], parseMs: number[], lines, fixes }.
 */
import { parsePositionsBytes } from '../../src/domain/parse-positions';

function countNewlines(bytes: Uint8Array): number {
  let n = 0;
  for (let i = 0; i < bytes.length; i++) if (bytes[i] === 10) n++;
  return n;
}

self.onmessage = (event: MessageEvent<{ bytes: Uint8Array; runs: number }>) => {
  const { bytes, runs } = event.data;
  const newlineMs: number[] = [];
  const parseMs: number[] = [];
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
  self.postMessage({ newlineMs, parseMs, lines, fixes });
};
