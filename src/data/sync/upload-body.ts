import { weatherConditionsSchema } from '../../contracts/entities';
import type { SessionUpload } from '../../contracts/session-upload';
import { wallClockToInstant } from '../../domain/value-format/wall-clock';
import type { LocalSession, SessionTextsRow } from '../db/rows';

/**
 * The POST (or PUT) body of a stored session. The texts stay the row's Blobs (by reference, nothing read): the
 * transport reads and encodes them, on the page in the analysis worker, so a 7 h session's 25 MB never pass through
 * the main thread. Weather that no longer parses is sent as none.
 */
export function uploadBody(session: LocalSession, texts: SessionTextsRow): SessionUpload {
  const weather = weatherConditionsSchema.safeParse(session.weatherConditions);
  return {
    name: session.name,
    filename: session.filename,
    circuitId: session.circuitId,
    vehicleCategoryId: session.vehicleCategoryId,
    // Rows saved before dates became instants hold the track's wall-clock time without a zone.
    date: wallClockToInstant(session.date),
    coordinates: texts.nmea,
    laps: texts.laps,
    favorite: session.favorite,
    weatherConditions: weather.success ? weather.data : null,
  };
}
