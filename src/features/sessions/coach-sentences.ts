/**
 * The coach's findings in one plain sentence each, in the user's language: 'Turn 4: braking 12 m earlier and
 * 6 km/h slower at the apex cost 0.21 s'. Distances round to the metre, speeds to the km/h, time to 0.01 s.
 */
import type { CoachFinding } from '../../domain/coaching/coach-findings';

type Translate = (key: string, options?: Record<string, unknown>) => string;

export function findingSentence(finding: CoachFinding, t: Translate, formatNumber: (value: number, digits: number) => string): string {
  const time = formatNumber(finding.timeLostMs / 1000, 2);
  if (finding.causes.length === 0) return t('coach.findingNoCause', { corner: finding.corner, time });
  const causes = finding.causes.map((c) => t(`coach.causes.${c.kind}`, { amount: formatNumber(c.amount, 0) })).join(t('coach.and'));
  return t('coach.finding', { corner: finding.corner, causes, time, count: finding.causes.length });
}
