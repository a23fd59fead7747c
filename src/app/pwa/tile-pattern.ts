/**
 * Map tiles cached by the service worker: XYZ tile URLs ('.../{z}/{x}/{y}.png', optional @2x and query) of
 * whatever tile server the build uses (OpenStreetMap by default, VITE_TILE_URL otherwise). Matching the URL shape
 * rather than one host keeps self-hosted tile servers cached too.
 */
const TILE_PATH = /\/\d{1,2}\/\d+\/\d+(@2x)?\.(png|jpe?g|webp)$/;

export function isTileUrl(url: URL): boolean {
  return !url.pathname.startsWith('/api/') && TILE_PATH.test(url.pathname);
}
