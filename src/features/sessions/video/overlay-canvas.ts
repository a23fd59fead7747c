/**
 * What the player's overlay and the compared video's overlay share: a canvas drawn at its displayed size (its
 * pixel size follows its CSS size, so the gauges are sharp whatever the layout), and the session's date as the
 * gauges show it.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../app/i18n/format';
import { currentLocale } from '../../../app/i18n/setup';

/** The canvas's 2D context with its pixel size set to its displayed size; null where there is no 2D context. */
export function sizedOverlay(canvas: HTMLCanvasElement): { ctx: CanvasRenderingContext2D; width: number; height: number } | null {
  const width = canvas.clientWidth;
  const height = canvas.clientHeight;
  if (canvas.width !== width || canvas.height !== height) {
    canvas.width = width;
    canvas.height = height;
  }
  const ctx = canvas.getContext('2d');
  return ctx ? { ctx, width, height } : null;
}

/** A session's date formatted for the language shown ('' when it has none). */
export function useSessionDate(date: string | null | undefined): string {
  const { i18n } = useTranslation();
  return useMemo(() => (date && Number.isFinite(Date.parse(date)) ? formatDate(date, currentLocale(i18n)) : ''), [date, i18n, i18n.language]);
}
