-- Surgery types of spec section 3 (ids as given there; specialties from the interface text).
-- A test checks that this seed equals SURGERY_TYPE_SEED in packages/contracts.
INSERT INTO "surgery_types" ("id", "name", "kind", "position") VALUES
  (0, 'All', 'procedure', 0),
  (1, 'Cholecystectomy', 'procedure', 1),
  (5, 'Hernia', 'procedure', 2),
  (2, 'Proctocolectomy', 'procedure', 3),
  (3, 'Rectal Resection', 'procedure', 4),
  (4, 'Sigmoid Resection', 'procedure', 5),
  (7, 'Sleeve Gastrectomy', 'procedure', 6),
  (10, 'Roux-en-Y Bypass', 'procedure', 7),
  (9, 'Fundoplication', 'procedure', 8),
  (6, 'Other', 'procedure', 9),
  (101, 'Thoracic', 'specialty', 10),
  (102, 'Colon and Rectal', 'specialty', 11),
  (103, 'Obstetrics', 'specialty', 12),
  (104, 'Gynecologic', 'specialty', 13),
  (105, 'Oncology', 'specialty', 14),
  (106, 'Neurology', 'specialty', 15),
  (107, 'Ophthalmic', 'specialty', 16),
  (108, 'Oral', 'specialty', 17),
  (109, 'Orthopaedic', 'specialty', 18)
ON CONFLICT ("id") DO NOTHING;
