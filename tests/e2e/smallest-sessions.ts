import type { Locator } from 'playwright-core';

/** Bytes of a size as the device list shows it in en-us: '431.6 KB', '1,023.9 KB', '1.2 MB', '512 B'. */
function bytesOf(shown: string): number {
  const m = /^([\d.,]+)\s*(B|KB|MB)$/.exec(shown.trim());
  if (!m) throw new Error(`Not a size: '${shown}'`);
  return Number(m[1].replace(/,/g, '')) * { B: 1, KB: 1024, MB: 1024 * 1024 }[m[2] as 'B' | 'KB' | 'MB'];
}

/**
 * The `count` smallest sessions of the ASTRO screen's device list (`rows`: its `tr[data-filename]` rows, en-us, at a
 * width that shows the Size column), by that column, as row indexes in list order. A download takes time by its size
 * and what a test checks of one does not depend on it, so a test that downloads some of the sessions takes these.
 */
export async function smallestSessions(rows: Locator, count: number): Promise<number[]> {
  const sizes = (await rows.locator('td:nth-child(4)').allTextContents()).map(bytesOf);
  return sizes
    .map((size, index) => ({ size, index }))
    .sort((a, b) => a.size - b.size)
    .slice(0, count)
    .map((s) => s.index)
    .sort((a, b) => a - b);
}
