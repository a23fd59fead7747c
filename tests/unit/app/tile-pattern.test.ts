import { describe, expect, it } from 'vitest';
import { isTileUrl } from '../../../src/app/pwa/tile-pattern';

describe('the map tile cache rule', () => {
  it('matches XYZ tiles of OpenStreetMap and of other tile servers', () => {
    expect(isTileUrl(new URL('https://tile.openstreetmap.org/15/15632/12345.png'))).toBe(true);
    expect(isTileUrl(new URL('https://a.basemaps.cartocdn.com/light_all/3/4/2@2x.png'))).toBe(true);
    expect(isTileUrl(new URL('https://tiles.example.org/osm/7/64/42.webp?key=abc'))).toBe(true);
  });

  it('leaves the app, its icons and the API alone', () => {
    expect(isTileUrl(new URL('http://localhost:8080/icons/icon-192.png'))).toBe(false);
    expect(isTileUrl(new URL('http://localhost:8080/api/sessions/1/2/3.png'))).toBe(false);
    expect(isTileUrl(new URL('http://localhost:8080/sessions/library'))).toBe(false);
  });
});
