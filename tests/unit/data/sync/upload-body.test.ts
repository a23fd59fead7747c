import { describe, expect, it } from 'vitest';
import type { LocalSession, SessionTextsRow } from '../../../../src/data/db/rows';
import { uploadBody } from '../../../../src/data/sync/upload-body';

const session = {
  localId: 3,
  name: 'Morning',
  filename: '20260101_0900_Braga',
  circuitId: 7,
  vehicleCategoryId: 2,
  date: '2026-01-01T09:00:00.000Z',
  favorite: true,
  weatherConditions: 'Wet',
} as LocalSession;
const texts = { localId: 3, laps: new Blob(['laps']), nmea: new Blob(['nmea']) } as unknown as SessionTextsRow;

describe('uploadBody', () => {
  it('sends the session fields with its stored texts as they are', () => {
    const body = uploadBody(session, texts);
    expect(body).toEqual({
      name: 'Morning',
      filename: '20260101_0900_Braga',
      circuitId: 7,
      vehicleCategoryId: 2,
      date: '2026-01-01T09:00:00.000Z',
      coordinates: texts.nmea,
      laps: texts.laps,
      favorite: true,
      weatherConditions: 'Wet',
    });
    expect(body.coordinates).toBe(texts.nmea);
  });

  it('sends weather that no longer parses as none', () => {
    expect(uploadBody({ ...session, weatherConditions: 'Snow' }, texts).weatherConditions).toBeNull();
    expect(uploadBody({ ...session, weatherConditions: null }, texts).weatherConditions).toBeNull();
  });

  it('sends a wall-clock date without a zone as an instant', () => {
    expect(uploadBody({ ...session, date: '2026-01-01T09:00:00' }, texts).date).toMatch(/Z$/);
  });
});
