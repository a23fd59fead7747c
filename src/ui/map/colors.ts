/** Colour helpers of the map layers. */

/** The colour with an alpha, for hex (#rrggbb) and hsl()/rgb() colours. */
export function withAlpha(color: string, alpha: number): string {
  if (/^#[0-9a-f]{6}$/i.test(color)) return `${color}${Math.round(alpha * 255).toString(16).padStart(2, '0')}`;
  const m = /^(hsl|rgb)\((.*)\)$/i.exec(color.trim());
  return m ? `${m[1]}a(${m[2]}, ${alpha})` : color;
}
