import { asc } from 'drizzle-orm';
import type { SurgeryType } from '@ipsv/contracts/surgery-types';
import { surgeryTypes } from '../../db/schema.js';
import type { Db } from '../../platform/database/database.js';

export function createSurgeryTypesRepository(db: Db) {
  return {
    async listAll(): Promise<SurgeryType[]> {
      const rows = await db.select().from(surgeryTypes).orderBy(asc(surgeryTypes.position));
      return rows.map((row) => ({ id: row.id, name: row.name, kind: row.kind }));
    },
  };
}
export type SurgeryTypesRepository = ReturnType<typeof createSurgeryTypesRepository>;
