import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BACKBONE } from './scene-embedding.js';
import { SCENE_FEATURES } from './scene-features.js';
import { loadSceneModel, MODEL_FEATURES, SCENE_MODEL_FILE, SCENE_THRESHOLD } from './scene-model.js';
import { REGIONS } from './scene-regions.js';

const dir = mkdtempSync(join(tmpdir(), 'ipsv-model-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('loadSceneModel', () => {
  it('loads the committed head with its features, backbone, regions, threshold and provenance', () => {
    const model = loadSceneModel();
    expect(model.kind).toBe('embedding-logistic');
    expect(model.features).toEqual([...MODEL_FEATURES]);
    expect(model.features.slice(0, SCENE_FEATURES.length)).toEqual([...SCENE_FEATURES]);
    expect(model.features).toHaveLength(SCENE_FEATURES.length + BACKBONE.channels);
    expect(model.backbone).toMatchObject({ package: '@vladmandic/human', model: 'centernet', node: BACKBONE.node, input: BACKBONE.input });
    expect(model.backbone.licence).toMatch(/^MIT/);
    expect(model.regions).toEqual(REGIONS.map((r) => r.name));
    expect(model.threshold).toBe(SCENE_THRESHOLD);
    expect(model.version).toMatch(/^2\.0\.0\+[0-9a-f]{12}$/);
    expect(model.version.endsWith(String(model.training.dataSha256).slice(0, 12))).toBe(true);
    expect(model.training.trainedOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // The dev set (668 frames, 104 revealing) and the repository's 11 operating-room frames.
    expect(model.training).toMatchObject({ frames: 679, revealing: 115, command: 'npm run deid:train' });
    expect(Number(model.training.composites)).toBeGreaterThan(200);
  });

  it('is small enough to commit: a JSON head, not a network', () => {
    expect(readFileSync(SCENE_MODEL_FILE).length).toBeLessThan(20_000);
  });

  it('a missing or broken file is a clear error', () => {
    expect(() => loadSceneModel(join(dir, 'missing.json'))).toThrow(/^Cannot load the scene model .*missing\.json/);
    writeFileSync(join(dir, 'broken.json'), '{"kind": "embedding-logistic",');
    expect(() => loadSceneModel(join(dir, 'broken.json'))).toThrow(/^Cannot load the scene model/);
  });

  it('weights for other features, regions or another backbone cut are refused rather than silently misread', () => {
    const model = JSON.parse(readFileSync(SCENE_MODEL_FILE, 'utf8'));
    const refused = (name: string, changed: object) => {
      writeFileSync(join(dir, name), JSON.stringify({ ...model, ...changed }));
      expect(() => loadSceneModel(join(dir, name)), name).toThrow("does not match this version's features; retrain it with npm run deid:train");
    };
    refused('order.json', { features: [...model.features].reverse() });
    refused('short.json', { weights: model.weights.slice(1) });
    refused('regions.json', { regions: model.regions.slice(1) });
    refused('backbone.json', { backbone: { ...model.backbone, node: 'tower_0/MobilenetV3/expanded_conv_11/add' } });
    refused('input.json', { backbone: { ...model.backbone, input: 224 } });
    refused('old.json', { kind: 'logistic' });
    refused('nan.json', { bias: null });
  });
});
