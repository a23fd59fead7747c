/**
 * URL search params of the map and analysis screens: `lap` = the picked lap as '<side>-<lapNumber>'
 * (side L or R: 'L-3'), `ref` = the reference lap in the same form. Untrusted input: invalid values are dropped.
 */
import { z } from 'zod';

const lapKey = z
  .string()
  .regex(/^[LR]-\d{1,4}$/)
  .optional()
  .catch(undefined);

export const lapSearchSchema = z.object({ lap: lapKey, ref: lapKey });
export type LapSearch = z.infer<typeof lapSearchSchema>;

export type Side = 'L' | 'R';
export interface LapRef {
  side: Side;
  lapNumber: number;
}

export function lapKeyOf(side: Side, lapNumber: number): string {
  return `${side}-${lapNumber}`;
}

export function parseLapKey(key: string | null | undefined): LapRef | null {
  const m = key ? /^([LR])-(\d{1,4})$/.exec(key) : null;
  return m ? { side: m[1] as Side, lapNumber: Number(m[2]) } : null;
}
