// The seed migration must equal the contracts' list, which the web app and tests also use.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SURGERY_TYPE_SEED } from '@ipsv/contracts/surgery-types';

describe('surgery types seed migration', () => {
  it('match the seed migration row for row', () => {
    const sql = readFileSync(new URL('../../drizzle/0001_seed-surgery-types.sql', import.meta.url), 'utf8');
    const rows = [...sql.matchAll(/\((\d+), '([^']+)', '(\w+)', (\d+)\)/g)].map((m) => ({
      id: Number(m[1]),
      name: m[2],
      kind: m[3],
      position: Number(m[4]),
    }));
    expect(rows).toEqual(SURGERY_TYPE_SEED.map((t, position) => ({ ...t, position })));
  });
});
