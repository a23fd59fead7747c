/**
 * Countries seeded on the server's first start: every country used by a seeded circuit, plus a few more that
 * racers commonly travel to. `timezone` is an IANA zone (for countries spanning several zones, the zone of the
 * capital or of the main motorsport region).
 */
export interface SeedCountry {
  name: string;
  timezone: string;
}

export const countries: SeedCountry[] = [
  { name: 'Portugal', timezone: 'Europe/Lisbon' },
  { name: 'Spain', timezone: 'Europe/Madrid' },
  { name: 'Italy', timezone: 'Europe/Rome' },
  { name: 'United Kingdom', timezone: 'Europe/London' },
  { name: 'Germany', timezone: 'Europe/Berlin' },
  { name: 'Belgium', timezone: 'Europe/Brussels' },
  { name: 'Netherlands', timezone: 'Europe/Amsterdam' },
  { name: 'France', timezone: 'Europe/Paris' },
  { name: 'Georgia', timezone: 'Asia/Tbilisi' },
  { name: 'China', timezone: 'Asia/Shanghai' },
  { name: 'Austria', timezone: 'Europe/Vienna' },
  { name: 'Switzerland', timezone: 'Europe/Zurich' },
  { name: 'Sweden', timezone: 'Europe/Stockholm' },
  { name: 'Brazil', timezone: 'America/Sao_Paulo' },
  { name: 'United States', timezone: 'America/New_York' },
  { name: 'Japan', timezone: 'Asia/Tokyo' },
  { name: 'Australia', timezone: 'Australia/Sydney' },
  { name: 'United Arab Emirates', timezone: 'Asia/Dubai' },
];
