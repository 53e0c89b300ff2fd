import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('has working defaults: port 3000, embedded database under ./data/pg', () => {
    const config = loadConfig({}, '/srv/app');
    expect(config.PORT).toBe(3000);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.dataDir).toBe('/srv/app/data');
    expect(config.pgDataDir).toBe(path.join('/srv/app/data', 'pg'));
  });

  it('reads PORT, DATA_DIR and DATABASE_URL', () => {
    const config = loadConfig({ PORT: '8080', DATA_DIR: '/var/lib/ipsv', DATABASE_URL: 'postgres://u:p@db:5432/videos' }, '/srv');
    expect(config.PORT).toBe(8080);
    expect(config.dataDir).toBe('/var/lib/ipsv');
    expect(config.DATABASE_URL).toBe('postgres://u:p@db:5432/videos');
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }, '/srv').PORT).toBe(3000);
  });

  it.each([
    ['PORT', { PORT: 'abc' }],
    ['PORT', { PORT: '70000' }],
    ['DATABASE_URL', { DATABASE_URL: 'mysql://x' }],
    ['LOG_LEVEL', { LOG_LEVEL: 'chatty' }],
    ['TRUST_PROXY', { TRUST_PROXY: 'yes' }],
    ['ROLE', { ROLE: 'everything' }],
  ])('names %s when its value is bad', (name, env) => {
    expect(() => loadConfig(env, '/srv')).toThrow(ConfigError);
    expect(() => loadConfig(env, '/srv')).toThrow(new RegExp(`${name}: `));
  });
});
