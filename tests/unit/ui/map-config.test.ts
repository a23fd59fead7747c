import { describe, expect, it, vi } from 'vitest';
import { fetchTileUrl, isTileTemplate, rememberedTileUrl, TILE_URL_STORAGE_KEY } from '../../../src/ui/map/map-config';

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), data };
}

const answer = (body: unknown, status = 200) => vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

describe('tile URL from the server (TILE_URL at run time)', () => {
  it('takes the server answer and remembers it for offline starts', async () => {
    const storage = memoryStorage();
    const fetchImpl = answer({ tileUrl: 'https://tiles.example.org/{z}/{x}/{y}.png' });
    expect(await fetchTileUrl(fetchImpl as unknown as typeof fetch, storage)).toBe('https://tiles.example.org/{z}/{x}/{y}.png');
    expect(fetchImpl).toHaveBeenCalledWith('/api/map-config', expect.anything());
    expect(storage.data.get(TILE_URL_STORAGE_KEY)).toBe('https://tiles.example.org/{z}/{x}/{y}.png');
    expect(rememberedTileUrl(storage)).toBe('https://tiles.example.org/{z}/{x}/{y}.png');
  });

  it('falls back to the remembered URL offline or on a bad answer, and to none at all', async () => {
    const storage = memoryStorage({ [TILE_URL_STORAGE_KEY]: 'https://kept.example/{z}/{x}/{-y}.png' });
    const offline = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(await fetchTileUrl(offline as unknown as typeof fetch, storage)).toBe('https://kept.example/{z}/{x}/{-y}.png');
    expect(await fetchTileUrl(answer({ tileUrl: 'javascript:alert(1)/{z}/{x}/{y}' }) as unknown as typeof fetch, storage)).toBe('https://kept.example/{z}/{x}/{-y}.png');
    expect(await fetchTileUrl(answer({ message: 'Not Found' }, 404) as unknown as typeof fetch, memoryStorage())).toBeNull();
  });

  it('accepts only http(s) XYZ templates', () => {
    expect(isTileTemplate('https://a.tile.example/{z}/{x}/{y}.png')).toBe(true);
    expect(isTileTemplate('http://localhost:8081/{z}/{x}/{-y}.png')).toBe(true);
    expect(isTileTemplate('https://tile.example/tile.png')).toBe(false);
    expect(isTileTemplate('data:image/png;base64,{z}{x}{y}')).toBe(false);
    expect(isTileTemplate(42)).toBe(false);
  });
});
