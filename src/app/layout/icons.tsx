/**
 * Inline stroke icons (24x24, currentColor) for the menu and header: no icon package, nothing to fetch offline.
 * Paths follow the Tabler icon style (MIT).
 */
import type { SVGProps } from 'react';
import type { MenuIconName } from './route-meta';

const paths: Record<MenuIconName | 'sun' | 'moon' | 'logout' | 'login' | 'offline', string[]> = {
  home: ['M5 12H3l9-9 9 9h-2', 'M5 12v7a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2v-7', 'M9 21v-6a2 2 0 0 1 2-2h2a2 2 0 0 1 2 2v6'],
  wifi: ['M12 18h.01', 'M9.17 15.17a4 4 0 0 1 5.66 0', 'M6.34 12.34a8 8 0 0 1 11.32 0', 'M3.51 9.51a12 12 0 0 1 16.98 0'],
  sessions: ['M4 6h16', 'M4 12h16', 'M4 18h10'],
  library: ['M5 4h4v16H5z', 'M9 4h4v16H9z', 'M13.5 5.5l3.9-1 3.6 14.5-3.9 1z'],
  map: ['M3 7l6-3 6 3 6-3v13l-6 3-6-3-6 3V7', 'M9 4v13', 'M15 7v13'],
  analysis: ['M4 19h16', 'M4 15l4-6 4 2 4-6 4 4'],
  circuits: ['M6 19a3 3 0 1 0 0-6 3 3 0 0 0 0 6z', 'M9 16h6a4 4 0 0 0 0-8h-4a3 3 0 0 1 0-6h9'],
  leaderboards: ['M8 21h8', 'M12 17v4', 'M7 4h10', 'M17 4v8a5 5 0 0 1-10 0V4', 'M5 9a2 2 0 0 1 0-4h2', 'M19 9a2 2 0 0 0 0-4h-2'],
  teams: ['M9 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6z', 'M3 20v-1a4 4 0 0 1 4-4h4a4 4 0 0 1 4 4v1', 'M16 5.1a3 3 0 0 1 0 5.8', 'M21 20v-1a4 4 0 0 0-3-3.85'],
  about: ['M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18z', 'M12 8h.01', 'M11 12h1v4h1'],
  admin: ['M12 3a12 12 0 0 0 8.5 3A12 12 0 0 1 12 21 12 12 0 0 1 3.5 6 12 12 0 0 0 12 3'],
  profile: ['M12 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8z', 'M6 21v-2a4 4 0 0 1 4-4h4a4 4 0 0 1 4 4v2'],
  sun: ['M12 16a4 4 0 1 0 0-8 4 4 0 0 0 0 8z', 'M3 12h1m8-9v1m8 8h1m-9 8v1M5.6 5.6l.7.7m12.1-.7-.7.7m0 11.4.7.7m-12.1-.7-.7.7'],
  moon: ['M12 3h.39a7.5 7.5 0 0 0 7.92 12.45A9 9 0 1 1 12 2.99z'],
  logout: ['M14 8V6a2 2 0 0 0-2-2H5a2 2 0 0 0-2 2v12a2 2 0 0 0 2 2h7a2 2 0 0 0 2-2v-2', 'M9 12h12l-3-3', 'M18 15l3-3'],
  login: ['M14 8V6a2 2 0 0 0-2-2H5a2 2 0 0 0-2 2v12a2 2 0 0 0 2 2h7a2 2 0 0 0 2-2v-2', 'M21 12H8l3-3', 'M11 15l-3-3'],
  offline: ['M12 18h.01', 'M9.17 15.17a4 4 0 0 1 5.66 0', 'M6.34 12.34a8 8 0 0 1 4.2-2.2', 'M3.51 9.51a12 12 0 0 1 3.7-2.5', 'M3 3l18 18'],
};

export type IconName = keyof typeof paths;

export function Icon({ name, size = 20, ...rest }: { name: IconName; size?: number } & SVGProps<SVGSVGElement>) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false" {...rest}>
      {paths[name].map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}
