import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, defaultSearchThreads, loadConfig } from './config';
import { s3OptionsFromConfig } from './storage/storage-s3';

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

  it('searches in half the cores’ threads, 1 to 4, unless SEARCH_THREADS says (0: in the main thread)', () => {
    expect([1, 2, 3, 4, 8, 64].map((cores) => defaultSearchThreads(cores))).toEqual([1, 1, 1, 2, 4, 4]);
    expect(loadConfig({}, '/srv').searchThreads).toBe(defaultSearchThreads());
    expect(loadConfig({ SEARCH_THREADS: '0' }, '/srv').searchThreads).toBe(0);
    expect(loadConfig({ SEARCH_THREADS: '6' }, '/srv').searchThreads).toBe(6);
    expect(() => loadConfig({ SEARCH_THREADS: '-1' }, '/srv')).toThrow(/SEARCH_THREADS/);
    expect(() => loadConfig({ SEARCH_THREADS: 'many' }, '/srv')).toThrow(/SEARCH_THREADS/);
  });

  it('examines 2 frames a second of every video unless PRIVACY_SAMPLE_FPS says more; under 1 is refused', () => {
    expect(loadConfig({}, '/srv').PRIVACY_SAMPLE_FPS).toBe(2);
    expect(loadConfig({ PRIVACY_SAMPLE_FPS: '5' }, '/srv').PRIVACY_SAMPLE_FPS).toBe(5);
    expect(loadConfig({ PRIVACY_SAMPLE_FPS: '1' }, '/srv').PRIVACY_SAMPLE_FPS).toBe(1);
    expect(() => loadConfig({ PRIVACY_SAMPLE_FPS: '0.5' }, '/srv')).toThrow(/PRIVACY_SAMPLE_FPS.*at least 1/);
    expect(() => loadConfig({ PRIVACY_SAMPLE_FPS: 'often' }, '/srv')).toThrow(/PRIVACY_SAMPLE_FPS/);
    expect(loadConfig({}, '/srv').PRIVACY_CHUNK_SECONDS).toBe(180);
    expect(() => loadConfig({ PRIVACY_CHUNK_SECONDS: '1' }, '/srv')).toThrow(/PRIVACY_CHUNK_SECONDS/);
  });

  it('publishes without review only when AUTO_PUBLISH=true (default off)', () => {
    expect(loadConfig({}, '/srv').AUTO_PUBLISH).toBe(false);
    expect(loadConfig({ AUTO_PUBLISH: 'true' }, '/srv').AUTO_PUBLISH).toBe(true);
    expect(loadConfig({ AUTO_PUBLISH: 'false' }, '/srv').AUTO_PUBLISH).toBe(false);
  });

  it('trusts no proxy by default, else the hop count or the proxy addresses TRUST_PROXY names', () => {
    expect(loadConfig({}, '/srv').TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }, '/srv').TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }, '/srv').TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.2, 10.0.0.0/8,::1' }, '/srv').TRUST_PROXY).toEqual(['10.0.0.2', '10.0.0.0/8', '::1']);
  });

  it('refuses TRUST_PROXY=true (any client could choose its address) and says what to write', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' }, '/srv')).toThrow(
      /TRUST_PROXY: true would let any client choose its address.*number of proxies in front \(usually 1\)/,
    );
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }, '/srv').PORT).toBe(3000);
  });

  it('stores media on local disk unless STORAGE=s3, whose region defaults to us-east-2', () => {
    expect(loadConfig({}, '/srv')).toMatchObject({ STORAGE: 'local', S3_REGION: 'us-east-2', S3_FORCE_PATH_STYLE: false });
    const config = loadConfig(
      {
        STORAGE: 's3',
        S3_BUCKET: 'videos',
        S3_ENDPOINT: 'http://minio:9000',
        S3_FORCE_PATH_STYLE: 'true',
        S3_ACCESS_KEY_ID: 'id',
        S3_SECRET_ACCESS_KEY: 'secret',
      },
      '/srv',
    );
    // Uploads (tus S3 store) live at the bucket root, so a prefix is refused with S3 for now.
    expect(() => loadConfig({ STORAGE: 's3', S3_BUCKET: 'videos', S3_PREFIX: 'ipsv/media' }, '/srv')).toThrow(/S3_PREFIX: cannot be used with STORAGE=s3 yet/);
    expect(s3OptionsFromConfig(config)).toEqual({
      bucket: 'videos',
      region: 'us-east-2',
      endpoint: 'http://minio:9000',
      forcePathStyle: true,
      accessKeyId: 'id',
      secretAccessKey: 'secret',
      prefix: undefined,
    });
  });

  it('requires S3_BUCKET when STORAGE=s3, and names it', () => {
    expect(() => loadConfig({ STORAGE: 's3' }, '/srv')).toThrow(/S3_BUCKET: required when STORAGE=s3/);
    expect(() => loadConfig({ STORAGE: 's3', S3_BUCKET: '' }, '/srv')).toThrow(/S3_BUCKET: required when STORAGE=s3/);
    expect(() => loadConfig({ S3_BUCKET: 'videos' }, '/srv')).not.toThrow();
  });

  it.each([
    ['STORAGE', { STORAGE: 'ftp' }],
    ['S3_ENDPOINT', { S3_ENDPOINT: 'minio' }],
    ['S3_FORCE_PATH_STYLE', { S3_FORCE_PATH_STYLE: '1' }],
    ['S3_PREFIX', { S3_PREFIX: '../other' }],
    ['S3_SECRET_ACCESS_KEY', { STORAGE: 's3', S3_BUCKET: 'videos', S3_ACCESS_KEY_ID: 'id' }],
    ['PORT', { PORT: 'abc' }],
    ['PORT', { PORT: '70000' }],
    ['DATABASE_URL', { DATABASE_URL: 'mysql://x' }],
    ['LOG_LEVEL', { LOG_LEVEL: 'chatty' }],
    ['TRUST_PROXY', { TRUST_PROXY: 'yes' }],
    ['TRUST_PROXY', { TRUST_PROXY: '10.0.0.0/40' }],
    ['AUTO_PUBLISH', { AUTO_PUBLISH: 'yes' }],
    ['ROLE', { ROLE: 'everything' }],
  ])('names %s when its value is bad', (name, env) => {
    expect(() => loadConfig(env, '/srv')).toThrow(ConfigError);
    expect(() => loadConfig(env, '/srv')).toThrow(new RegExp(`${name}: `));
  });
});
