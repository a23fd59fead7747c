import { mulberry32 } from '../../domain/random';

/** A small seeded PRNG (mulberry32, src/domain/random.ts) so simulated sessions are reproducible. */
export const seededRandom: (seed: number) => () => number = mulberry32;

/** A stable 32-bit hash of a string (FNV-1a), to seed per circuit. */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}
