// Surgery types of spec section 3. Two lists appear there: the id/name list used by search
// (0 means "All") and an interface-text list of specialties, kept apart by `kind`.
import { z } from 'zod';

export const SURGERY_TYPE_ALL = 0;
/** On landing-page load the search resets to this surgery type (spec section 2). */
export const DEFAULT_SEARCH_SURGERY_TYPE = 1;

export const SURGERY_TYPE_KINDS = ['procedure', 'specialty'] as const;
export type SurgeryTypeKind = (typeof SURGERY_TYPE_KINDS)[number];

/** Seed data, in the spec's order. Procedure ids are the spec's; specialty ids start at 101. */
export const SURGERY_TYPE_SEED: readonly { id: number; name: string; kind: SurgeryTypeKind }[] = [
  { id: 0, name: 'All', kind: 'procedure' },
  { id: 1, name: 'Cholecystectomy', kind: 'procedure' },
  { id: 5, name: 'Hernia', kind: 'procedure' },
  { id: 2, name: 'Proctocolectomy', kind: 'procedure' },
  { id: 3, name: 'Rectal Resection', kind: 'procedure' },
  { id: 4, name: 'Sigmoid Resection', kind: 'procedure' },
  { id: 7, name: 'Sleeve Gastrectomy', kind: 'procedure' },
  { id: 10, name: 'Roux-en-Y Bypass', kind: 'procedure' },
  { id: 9, name: 'Fundoplication', kind: 'procedure' },
  { id: 6, name: 'Other', kind: 'procedure' },
  { id: 101, name: 'Thoracic', kind: 'specialty' },
  { id: 102, name: 'Colon and Rectal', kind: 'specialty' },
  { id: 103, name: 'Obstetrics', kind: 'specialty' },
  { id: 104, name: 'Gynecologic', kind: 'specialty' },
  { id: 105, name: 'Oncology', kind: 'specialty' },
  { id: 106, name: 'Neurology', kind: 'specialty' },
  { id: 107, name: 'Ophthalmic', kind: 'specialty' },
  { id: 108, name: 'Oral', kind: 'specialty' },
  { id: 109, name: 'Orthopaedic', kind: 'specialty' },
];

export const surgeryTypeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.enum(SURGERY_TYPE_KINDS),
});
export const surgeryTypesResponseSchema = z.object({ surgeryTypes: z.array(surgeryTypeSchema) });
export type SurgeryType = z.infer<typeof surgeryTypeSchema>;
export type SurgeryTypesResponse = z.infer<typeof surgeryTypesResponseSchema>;
