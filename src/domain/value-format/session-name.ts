/**
 * Session file names (docs/device-protocol.md, 'Session file names'): `YYYYMMDD_HHMM_<circuit name>`, e.g.
 * `20260412_1030_Kartodromo de Braga`, whose display name is `Kartodromo de Braga 12/04/2026 10H30`.
 * The date is the device's local wall-clock time: the ISO form has no zone offset ('2026-04-12T10:30:00').
 */
import { DomainError } from '../errors';

export interface SessionNameParts {
  circuitName: string;
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

const FILE_NAME = /^(\d{4})(\d{2})(\d{2})_(\d{2})(\d{2})_(.+)$/;
const DISPLAY_NAME = /^(.+) (\d{2})\/(\d{2})\/(\d{4}) (\d{2})H(\d{2})$/;

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

function checked(parts: SessionNameParts, source: string): SessionNameParts {
  const { year, month, day, hour, minute, circuitName } = parts;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth || hour > 23 || minute > 59 || circuitName.trim() === '') {
    throw new DomainError('invalid-file-name', `not a session name: ${source}`);
  }
  return parts;
}

/** Parts of a file name; throws DomainError('invalid-file-name'). */
export function parseSessionFileName(fileName: string): SessionNameParts {
  const m = FILE_NAME.exec(typeof fileName === 'string' ? fileName : '');
  if (!m) throw new DomainError('invalid-file-name', `not a session file name: ${String(fileName)}`);
  return checked({ year: +m[1], month: +m[2], day: +m[3], hour: +m[4], minute: +m[5], circuitName: m[6] }, fileName);
}

/** Parts of a display name; throws DomainError('invalid-file-name'). */
function parseSessionDisplayName(displayName: string): SessionNameParts {
  const m = DISPLAY_NAME.exec(typeof displayName === 'string' ? displayName : '');
  if (!m) throw new DomainError('invalid-file-name', `not a session display name: ${String(displayName)}`);
  return checked({ circuitName: m[1], day: +m[2], month: +m[3], year: +m[4], hour: +m[5], minute: +m[6] }, displayName);
}

export function sessionFileName(p: SessionNameParts): string {
  return `${pad(p.year, 4)}${pad(p.month)}${pad(p.day)}_${pad(p.hour)}${pad(p.minute)}_${p.circuitName}`;
}

function sessionDisplayName(p: SessionNameParts): string {
  return `${p.circuitName} ${pad(p.day)}/${pad(p.month)}/${pad(p.year, 4)} ${pad(p.hour)}H${pad(p.minute)}`;
}

/**
 * A wall-clock time 'YYYY-MM-DDTHH:mm[:ss]' in the shape of the session names ('12/04/2026 10H30'; the date alone
 * '12/04/2026'): the one way a session's time is written, so a name and its date column read alike in every
 * language. A text that is no such time comes back unchanged.
 */
export function sessionTimeText(wallClock: string, dateOnly = false): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(wallClock);
  if (!m) return wallClock;
  const date = `${m[3]}/${m[2]}/${m[1]}`;
  return dateOnly ? date : `${date} ${m[4]}H${m[5]}`;
}

/** Local ISO date-time without zone: '2026-04-12T10:30:00'. */
export function sessionIsoDate(p: SessionNameParts): string {
  return `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}:00`;
}

/** '20260412_1030_Kartodromo de Braga' -> 'Kartodromo de Braga 12/04/2026 10H30'. */
export function displayNameFromFileName(fileName: string): string {
  return sessionDisplayName(parseSessionFileName(fileName));
}

/**
 * 'Kartodromo de Braga 12/04/2026 10H30' -> '20260412_1030_Kartodromo de Braga'.
 * @internal Exported for its tests.
 */
export function fileNameFromDisplayName(displayName: string): string {
  return sessionFileName(parseSessionDisplayName(displayName));
}
