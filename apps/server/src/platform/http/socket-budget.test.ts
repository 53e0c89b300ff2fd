import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openFilesLimit, socketBudget } from './socket-budget';

describe('socketBudget', () => {
  it('leaves a quarter of the descriptors (at least 256) for HTTP, files and PostgreSQL; anonymous visitors get half the rest', () => {
    expect(socketBudget(1024, 20_000)).toEqual({ total: 768, anonymous: 384 });
    expect(socketBudget(65_536, 20_000)).toEqual({ total: 20_000, anonymous: 10_000 });
    expect(socketBudget(300, 20_000)).toEqual({ total: 44, anonymous: 22 });
  });

  it('keeps the configured cap where the limit is unknown or unlimited', () => {
    expect(socketBudget(null, 500)).toEqual({ total: 500, anonymous: 250 });
    expect(socketBudget(Number.POSITIVE_INFINITY, 500)).toEqual({ total: 500, anonymous: 250 });
  });
});

describe('openFilesLimit', () => {
  it('reads the soft limit of "Max open files"', () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'limits-')), 'limits');
    fs.writeFileSync(
      file,
      'Limit                     Soft Limit           Hard Limit           Units\nMax open files            1024                 524288               files\n',
    );
    expect(openFilesLimit(file)).toBe(1024);
    fs.writeFileSync(file, 'Max open files            unlimited            unlimited            files\n');
    expect(openFilesLimit(file)).toBe(Number.POSITIVE_INFINITY);
    expect(openFilesLimit(path.join(file, 'missing'))).toBeNull();
  });
});
