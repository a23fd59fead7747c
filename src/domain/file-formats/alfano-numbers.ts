/**
 * Numbers as Alfano's CSV export writes them: with the spreadsheet locale of the phone or PC that exported it,
 * so either US style (decimal point, ',' grouping: '4,120' rpm, '17,090.4' m) or European (decimal comma, '.'
 * grouping: '52,6', '4.120'). One file uses one style; it is decided once, from tokens that can only be read
 * one way, and the cells are then read straight from the bytes (no string per cell).
 */

/** The byte that separates the decimals: '.' (46) or ',' (44). The other one is the grouping separator. */
export type DecimalByte = 44 | 46;

const COMMA = 44;
const POINT = 46;

/**
 * What one token says about the decimal separator: POINT or COMMA when it can only be read one way, null when it
 * cannot tell. '50.5193' or '52,6' (not three digits after a lone separator) and '17,090.4' (both: the last one
 * is the decimal) tell; '4,120' or '4.120' (a lone separator before three digits) and '87' do not.
 * @internal Exported for its tests.
 */
export function decimalOfToken(token: string): DecimalByte | null {
  const s = token.trim();
  const lastPoint = s.lastIndexOf('.');
  const lastComma = s.lastIndexOf(',');
  if (lastPoint >= 0 && lastComma >= 0) return lastPoint > lastComma ? POINT : COMMA;
  const at = Math.max(lastPoint, lastComma);
  if (at < 0) return null;
  const sep = s.charCodeAt(at) as DecimalByte;
  // Two of the same separator can only be grouping ('1,234,567'): the decimal is the other one.
  if (s.indexOf(s[at]) !== at) return sep === POINT ? COMMA : POINT;
  return s.length - at - 1 === 3 ? null : sep;
}

/**
 * The file's decimal separator from sample tokens: the coordinates first (always many decimals, so they settle
 * it), then any other cell; the decimal point when nothing tells.
 */
export function decideDecimal(coordinateTokens: readonly string[], otherTokens: readonly string[]): DecimalByte {
  for (const tokens of [coordinateTokens, otherTokens]) {
    for (const t of tokens) {
      const d = decimalOfToken(t);
      if (d !== null) return d;
    }
  }
  return POINT;
}

const POWERS = [1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22];

/**
 * The number in bytes[from, to): optional spaces, quotes and sign, digits with the grouping separator skipped,
 * the decimal separator once. NaN when empty or anything else is there. Exact as Number() of the same digits
 * while they fit in 15 significant digits (one division of two exact doubles).
 */
export function bytesNumber(bytes: Uint8Array, from: number, to: number, decimal: DecimalByte): number {
  while (from < to && (bytes[from] === 32 || bytes[from] === 34)) from++;
  while (to > from && (bytes[to - 1] === 32 || bytes[to - 1] === 34)) to--;
  if (from >= to) return NaN;
  const group = decimal === POINT ? COMMA : POINT;
  let negative = false;
  if (bytes[from] === 45 || bytes[from] === 43) {
    negative = bytes[from] === 45;
    from++;
  }
  let mantissa = 0;
  let digits = 0;
  let decimals = -1;
  for (let i = from; i < to; i++) {
    const b = bytes[i];
    if (b >= 48 && b <= 57) {
      mantissa = mantissa * 10 + (b - 48);
      digits++;
      if (decimals >= 0) decimals++;
    } else if (b === decimal && decimals < 0) decimals = 0;
    else if (b !== group || decimals >= 0) return NaN;
  }
  if (digits === 0 || decimals >= POWERS.length) return NaN;
  const value = decimals > 0 ? mantissa / POWERS[decimals] : mantissa;
  return negative ? -value : value;
}

/**
 * A duration in seconds in bytes[from, to): plain seconds ('87.43', the usual) or minutes and seconds ('1:27.43',
 * also 'h:mm:ss.ss'). NaN when unreadable.
 */
export function bytesDurationS(bytes: Uint8Array, from: number, to: number, decimal: DecimalByte): number {
  let total = 0;
  let part = from;
  for (let i = from; i < to; i++) {
    if (bytes[i] !== 58) continue;
    total = (total + bytesNumber(bytes, part, i, decimal)) * 60;
    part = i + 1;
  }
  return total + bytesNumber(bytes, part, to, decimal);
}
