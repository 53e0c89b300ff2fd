import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SCENE_FEATURES } from './scene-features.js';
import { loadSceneModel, SCENE_MODEL_FILE, SCENE_THRESHOLD } from './scene-model.js';

const dir = mkdtempSync(join(tmpdir(), 'ipsv-model-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('loadSceneModel', () => {
  it('loads the committed weights with their features, threshold and provenance', () => {
    const model = loadSceneModel();
    expect(model.features).toEqual([...SCENE_FEATURES]);
    expect(model.threshold).toBe(SCENE_THRESHOLD);
    expect(model.version).toMatch(/^1\.1\.0\+[0-9a-f]{12}$/);
    expect(model.version.endsWith(String(model.training.dataSha256).slice(0, 12))).toBe(true);
    expect(model.training.trainedOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(model.training).toMatchObject({ frames: 668, revealing: 104, command: 'npm run deid:train' });
  });

  it('a missing or broken file is a clear error', () => {
    expect(() => loadSceneModel(join(dir, 'missing.json'))).toThrow(/^Cannot load the scene model .*missing\.json/);
    writeFileSync(join(dir, 'broken.json'), '{"kind": "logistic",');
    expect(() => loadSceneModel(join(dir, 'broken.json'))).toThrow(/^Cannot load the scene model/);
  });

  it('weights for other features are refused rather than silently misread', () => {
    const model = JSON.parse(readFileSync(SCENE_MODEL_FILE, 'utf8'));
    writeFileSync(join(dir, 'old.json'), JSON.stringify({ ...model, features: [...model.features].reverse() }));
    expect(() => loadSceneModel(join(dir, 'old.json'))).toThrow("does not match this version's features; retrain it with npm run deid:train");
    writeFileSync(join(dir, 'short.json'), JSON.stringify({ ...model, weights: model.weights.slice(1) }));
    expect(() => loadSceneModel(join(dir, 'short.json'))).toThrow('does not match');
  });
});
