import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_ADMIN_EMAIL, loadConfig } from '../../server/config';

const tempDir = () => mkdtempSync(join(tmpdir(), 'astro-config-'));

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const dir = tempDir();
    const c = loadConfig({ DATA_DIR: dir });
    expect(c).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir: dir,
      databaseUrl: undefined,
      smtpUrl: undefined,
      appUrl: 'http://localhost:8080',
      adminEmail: DEFAULT_ADMIN_EMAIL,
      adminPassword: undefined,
      logLevel: 'info',
      trustProxy: 0,
    });
    expect(c.tileUrl).toContain('tile.openstreetmap.org');
  });

  it('derives APP_URL from PORT and strips a trailing slash from a given one', () => {
    expect(loadConfig({ DATA_DIR: tempDir(), PORT: '9090' }).appUrl).toBe('http://localhost:9090');
    expect(loadConfig({ DATA_DIR: tempDir(), APP_URL: 'https://astro.example.com/' }).appUrl).toBe('https://astro.example.com');
  });

  it('generates a JWT secret once, keeps it in DATA_DIR/jwt-secret with mode 0600, and reuses it', () => {
    const dir = tempDir();
    const a = loadConfig({ DATA_DIR: dir });
    const file = join(dir, 'jwt-secret');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8').trim()).toBe(a.jwtSecret);
    expect(a.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ DATA_DIR: dir }).jwtSecret).toBe(a.jwtSecret);
    const given = 'x'.repeat(40);
    expect(loadConfig({ DATA_DIR: dir, JWT_SECRET: given }).jwtSecret).toBe(given);
  });

  it('reports every bad variable in one error, naming each', () => {
    let error: unknown;
    try {
      loadConfig({
        DATA_DIR: tempDir(),
        PORT: 'eighty',
        DATABASE_URL: 'mysql://localhost/db',
        SMTP_URL: 'localhost:25',
        APP_URL: 'ftp://example.com',
        JWT_SECRET: 'short',
        ADMIN_EMAIL: 'not-an-email',
        ADMIN_PASSWORD: 'abc',
        LOG_LEVEL: 'loud',
        TRUST_PROXY: 'yes',
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const e = error as ConfigError;
    for (const name of ['PORT', 'DATABASE_URL', 'SMTP_URL', 'APP_URL', 'JWT_SECRET', 'ADMIN_EMAIL', 'ADMIN_PASSWORD', 'LOG_LEVEL', 'TRUST_PROXY']) {
      expect(e.message).toContain(name);
    }
    expect(e.problems).toHaveLength(9);
    // Secrets are never echoed back.
    expect(e.message).not.toContain("'short'");
    expect(e.message).not.toContain("'abc'");
  });

  it('rejects a port above 65535 and accepts PostgreSQL and SMTP URLs', () => {
    expect(() => loadConfig({ DATA_DIR: tempDir(), PORT: '70000' })).toThrow(/PORT/);
    const c = loadConfig({ DATA_DIR: tempDir(), DATABASE_URL: 'postgres://u@db:5432/astro', SMTP_URL: 'smtp://mail:25', MAIL_FROM: 'ASTRO <a@b.co>' });
    expect(c.databaseUrl).toBe('postgres://u@db:5432/astro');
    expect(c.smtpUrl).toBe('smtp://mail:25');
  });

  it('treats empty variables as absent', () => {
    const c = loadConfig({ DATA_DIR: tempDir(), PORT: '', DATABASE_URL: '', SMTP_URL: ' ' });
    expect(c.port).toBe(8080);
    expect(c.databaseUrl).toBeUndefined();
    expect(c.smtpUrl).toBeUndefined();
  });
});
