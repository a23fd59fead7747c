/**
 * The coach's findings in one plain sentence each, in the user's language: 'Turn 4: braking 12 m earlier and
 * 6 km/h slower at the apex cost 0.21 s'. Distances round to the metre, speeds to the km/h, time to 0.01 s.
 */
import type { CoachFinding } from '../../../domain/coaching/coach-findings';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** `versus`: the name of another racer whose shared lap is the reference ('... cost 0.21 s vs Rui C.'). */
export function findingSentence(finding: CoachFinding, t: Translate, formatNumber: (value: number, digits: number) => string, versus: string | null = null): string {
  const time = formatNumber(finding.timeLostMs / 1000, 2);
  const sentence = finding.causes.length === 0 ? t('coach.findingNoCause', { corner: finding.corner, time }) : t('coach.finding', { corner: finding.corner, causes: finding.causes.map((c) => t(`coach.causes.${c.kind}`, { amount: formatNumber(c.amount, 0) })).join(t('coach.and')), time, count: finding.causes.length });
  return versus ? t('coach.versus', { sentence, name: versus }) : sentence;
}
