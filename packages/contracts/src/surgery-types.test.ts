import { describe, expect, it } from 'vitest';
import { SURGERY_TYPE_SEED } from './surgery-types';

describe('surgery types', () => {
  it('keep the spec id/name list exactly, in its order', () => {
    expect(SURGERY_TYPE_SEED.filter((t) => t.kind === 'procedure').map((t) => [t.id, t.name])).toEqual([
      [0, 'All'],
      [1, 'Cholecystectomy'],
      [5, 'Hernia'],
      [2, 'Proctocolectomy'],
      [3, 'Rectal Resection'],
      [4, 'Sigmoid Resection'],
      [7, 'Sleeve Gastrectomy'],
      [10, 'Roux-en-Y Bypass'],
      [9, 'Fundoplication'],
      [6, 'Other'],
    ]);
  });

  it('mark the interface-text specialties as such', () => {
    expect(SURGERY_TYPE_SEED.filter((t) => t.kind === 'specialty').map((t) => t.name)).toEqual([
      'Thoracic',
      'Colon and Rectal',
      'Obstetrics',
      'Gynecologic',
      'Oncology',
      'Neurology',
      'Ophthalmic',
      'Oral',
      'Orthopaedic',
    ]);
  });
});
