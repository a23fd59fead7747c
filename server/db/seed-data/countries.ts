/**
 * Countries seeded on the server's first start: every country used by a seeded circuit, plus a few more that
 * racers commonly travel to. `timezone` is an IANA zone (for countries spanning several zones, the zone of the
 * capital or of the main motorsport region).
 */
export interface SeedCountry {
  name: string;
  /** The name in European Portuguese (pt-pt), seeded as its translation. */
  namePt: string;
  timezone: string;
}

export const countries: SeedCountry[] = [
  { name: 'Portugal', namePt: 'Portugal', timezone: 'Europe/Lisbon' },
  { name: 'Spain', namePt: 'Espanha', timezone: 'Europe/Madrid' },
  { name: 'Italy', namePt: 'Itália', timezone: 'Europe/Rome' },
  { name: 'United Kingdom', namePt: 'Reino Unido', timezone: 'Europe/London' },
  { name: 'Germany', namePt: 'Alemanha', timezone: 'Europe/Berlin' },
  { name: 'Belgium', namePt: 'Bélgica', timezone: 'Europe/Brussels' },
  { name: 'Netherlands', namePt: 'Países Baixos', timezone: 'Europe/Amsterdam' },
  { name: 'France', namePt: 'França', timezone: 'Europe/Paris' },
  { name: 'Georgia', namePt: 'Geórgia', timezone: 'Asia/Tbilisi' },
  { name: 'China', namePt: 'China', timezone: 'Asia/Shanghai' },
  { name: 'Austria', namePt: 'Áustria', timezone: 'Europe/Vienna' },
  { name: 'Switzerland', namePt: 'Suíça', timezone: 'Europe/Zurich' },
  { name: 'Sweden', namePt: 'Suécia', timezone: 'Europe/Stockholm' },
  { name: 'Brazil', namePt: 'Brasil', timezone: 'America/Sao_Paulo' },
  { name: 'United States', namePt: 'Estados Unidos', timezone: 'America/New_York' },
  { name: 'Japan', namePt: 'Japão', timezone: 'Asia/Tokyo' },
  { name: 'Australia', namePt: 'Austrália', timezone: 'Australia/Sydney' },
  { name: 'United Arab Emirates', namePt: 'Emirados Árabes Unidos', timezone: 'Asia/Dubai' },
];
