/** How a lap reads in the video's lap pickers: 'Lap 3 · 01:42.34 · on video', 'Out lap · 00:58.10', 'In lap 9 · …'. */
import type { TFunction } from 'i18next';
import type { LapChoice } from '../../../domain/video/lap-choices';

/** `formatTime` writes a lap time as the racer chose (useLapTime: hundredths or thousandths). */
export function lapChoiceLabel(choice: LapChoice, t: TFunction<'video'>, formatTime: (ms: number) => string): string {
  const name = choice.kind === 'out' ? t('lapChoice.out') : choice.kind === 'in' ? t('lapChoice.in', { n: choice.lap }) : t('lapChoice.lap', { n: choice.lap });
  const parts = [name];
  if (choice.timeMs !== null) parts.push(formatTime(choice.timeMs));
  if (choice.onVideo === 'whole' || choice.onVideo === 'part') parts.push(t(`lapChoice.${choice.onVideo}`));
  return parts.join(' · ');
}
