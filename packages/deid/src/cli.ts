// `deid`: analyse a video, redact it (analyse + cut), evaluate the detector on labelled frames,
// or cross-validate its training.
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseCommandLine } from '@ipsv/media/command-line';
import { cut } from '@ipsv/media/cut';
import { MediaError } from '@ipsv/media/errors';
import { progressBar } from '@ipsv/media/progress-bar';
import { analyseVideo, MIN_SAMPLE_FPS } from './analyse.js';
import { closeDetectors, defaultSecondaryDetectors } from './secondary-detectors.js';
import { crossValidate, type CrossValidatedFigures, evaluate } from './evaluate.js';

const USAGE = `Usage:
  deid analyse <video> [--json] [--margin <s>] [--sample-fps <n>] [--scene-only]
        find the ranges that reveal the patient (out of body, faces, people, burned-in text),
        examining at least <n> frames per second of the timeline (default 2, at least 1)
  deid redact <video> -o <out.mp4> [--margin <s>] [--sample-fps <n>] [--no-audio] [--scene-only]
        analyse, then remove those ranges and all metadata
  deid eval [--labels <labels.csv>] [--images <dir>] [--json] [--scene-only]
        ROC AUC, recall of revealing frames, endoscopic frames removed, and the frames it got wrong,
        each frame scored as the analysis scores it (faces, people and text where the scene is uncertain)
  deid eval --cv [--labels <labels.csv>] [--images <dir>] [--json] [--lambda <L2>] [--no-extra]
        cross-validate the scene model's training on that folder plus packages/deid/data (leave one
        source video out, and a held-out group of sources; stratified 5-fold when labels.csv has no
        source_video column): every frame
        scored by a model that never saw its video, and synthetic picture-in-picture frames.
        The committed model's figures on its own training frames are not evidence.

  Default folder: ../shared/data/deid-frames from the repository root.
`;

const here = dirname(fileURLToPath(import.meta.url));
const DEV_DATA = resolve(here, '../../../../shared/data/deid-frames');

const pct = (v: number) => `${(v * 100).toFixed(2)} %`;

const printCrossValidation = async (
  results: CrossValidatedFigures[],
  json: boolean,
  out: NodeJS.WritableStream,
  err: NodeJS.WritableStream,
): Promise<number> => {
  if (json) {
    const figures = Object.fromEntries(
      results.map(({ name, auc, recall, insideRemoved, threshold, frames, pip }) => [
        name,
        { auc, recall, insideRemoved, threshold, frames, pipRecall: pip.recall, pipFrames: pip.frames },
      ]),
    );
    out.write(`${JSON.stringify(figures)}\n`);
    return 0;
  }
  for (const r of results) {
    out.write(
      `${r.name} (scene model alone, threshold ${r.threshold}): ROC AUC ${r.auc.toFixed(5)}, recall of revealing frames ${pct(r.recall)}, endoscopic frames removed ${pct(r.insideRemoved)}\n`,
    );
    for (const g of r.groups) {
      const learnt = g.revealingInTraining === undefined ? '' : `, trained on ${g.revealingInTraining} revealing frames`;
      out.write(`  ${g.group}: ${g.frames} frames (${g.revealing} revealing), ${g.missed} missed, ${g.falseRemovals} endoscopic removed${learnt}\n`);
    }
    for (const m of r.missed) out.write(`  missed (revealing, kept): ${m.file} score ${m.score.toFixed(3)}\n`);
    out.write(`  picture-in-picture (synthetic): ${r.pip.frames} frames, recall ${pct(r.pip.recall)}\n`);
    for (const m of r.pip.missed) out.write(`  missed picture-in-picture: ${m.file} ${m.variant} score ${m.score.toFixed(3)}\n`);
  }
  err.write('Cross-validated: each frame was scored by a model trained without it (augmented as in deid:train).\n');
  return 0;
};

const seconds = (s: number) => `${Math.floor(s / 60)}:${(s % 60).toFixed(1).padStart(4, '0')}`;

export const main = async (argv: string[], out: NodeJS.WriteStream = process.stdout, err: NodeJS.WriteStream = process.stderr): Promise<number> => {
  const parsed = parseCommandLine(
    argv,
    {
      json: { type: 'boolean' },
      output: { type: 'string', short: 'o' },
      margin: { type: 'string' },
      'sample-fps': { type: 'string' },
      labels: { type: 'string' },
      images: { type: 'string' },
      'no-audio': { type: 'boolean' },
      'scene-only': { type: 'boolean' },
      cv: { type: 'boolean' },
      lambda: { type: 'string' },
      'no-extra': { type: 'boolean' },
    },
    USAGE,
    out,
    err,
  );
  if (typeof parsed === 'number') return parsed;
  const { values, command, file } = parsed;
  const margin = values.margin === undefined ? undefined : Number(values.margin);
  if (margin !== undefined && !(margin >= 0)) {
    err.write(`--margin must be a number of seconds, zero or more (got "${values.margin}")\n`);
    return 2;
  }
  const sampleFps = values['sample-fps'] === undefined ? undefined : Number(values['sample-fps']);
  if (sampleFps !== undefined && !(sampleFps >= MIN_SAMPLE_FPS)) {
    err.write(`--sample-fps must be a number of frames per second, at least ${MIN_SAMPLE_FPS} (got "${values['sample-fps']}")\n`);
    return 2;
  }
  try {
    switch (command) {
      case 'analyse':
      case 'analyze':
      case 'redact': {
        if (!file) throw new MediaError('bad_argument', `${command} needs a video file`);
        if (command === 'redact' && !values.output) throw new MediaError('bad_argument', 'redact needs -o <out.mp4>');
        const detectors = values['scene-only'] ? [] : defaultSecondaryDetectors();
        const bar = progressBar('analyse', err);
        const result = await analyseVideo(file, { marginSeconds: margin, sampleFps, detectors, onProgress: bar.update }).finally(() =>
          closeDetectors(detectors),
        );
        bar.done();
        if (command === 'redact') {
          const cutBar = progressBar('cut', err);
          // Burned-in text that stays in place is masked rather than cut: the masks go with the cut.
          const written = await cut(file, result.ranges, values.output!, { removeAudio: values['no-audio'], masks: result.masks, onProgress: cutBar.update });
          cutBar.done();
          out.write(
            `${written.output}: ${result.ranges.length} range(s) removed, ${result.masks.length} region(s) masked, ${written.durationSeconds.toFixed(1)} s kept\n`,
          );
          return 0;
        }
        if (values.json) out.write(`${JSON.stringify(result)}\n`);
        else {
          out.write(
            `${result.ranges.length} range(s) to remove from ${seconds(result.durationSeconds)} (${result.framesExamined} frames examined, ${result.sampleFps} a second or more):\n`,
          );
          for (const r of result.ranges)
            out.write(`  ${seconds(r.start)} - ${seconds(r.end)}  ${r.reasons.join(', ')}  (confidence ${r.confidence.toFixed(2)})\n`);
          out.write(`${result.masks.length} region(s) to mask:\n`);
          const pc = (v: number) => `${(v * 100).toFixed(1)}%`;
          for (const m of result.masks)
            out.write(
              `  ${seconds(m.start)} - ${seconds(m.end)}  ${m.reason} at x ${pc(m.x)} y ${pc(m.y)}, ${pc(m.width)} x ${pc(m.height)}  (confidence ${m.confidence.toFixed(2)})\n`,
            );
        }
        return 0;
      }
      case 'eval': {
        const labels = values.labels ?? join(DEV_DATA, 'labels.csv');
        const images = values.images ?? (values.labels ? join(dirname(values.labels), 'images') : join(DEV_DATA, 'images'));
        if (!existsSync(labels)) throw new MediaError('bad_argument', `No labels file at ${labels} (pass --labels <labels.csv> --images <dir>)`);
        if (!existsSync(images)) throw new MediaError('bad_argument', `No images folder at ${images} (pass --images <dir>)`);
        if (values.cv) {
          const lambda = values.lambda === undefined ? undefined : Number(values.lambda);
          if (lambda !== undefined && !(lambda > 0)) throw new MediaError('bad_argument', `--lambda must be a positive number (got "${values.lambda}")`);
          const onProgress = (done: number, total: number) => {
            if (done % 100 === 0) err.write(`features ${done}/${total}\n`);
          };
          const figures = await crossValidate(labels, images, { lambda, extra: !values['no-extra'], onProgress });
          return await printCrossValidation(figures, Boolean(values.json), out, err);
        }
        const detectors = values['scene-only'] ? [] : defaultSecondaryDetectors();
        const result = await evaluate(labels, images, { detectors }).finally(() => closeDetectors(detectors));
        if (values.json) {
          const { auc, recall, insideRemoved, threshold, frames } = result;
          out.write(`${JSON.stringify({ auc, recall, insideRemoved, threshold, frames })}\n`);
          return 0;
        }
        out.write(
          `${result.detector.name} (${result.detector.version}) on ${result.frames} frames, ${result.checkedBySecondary} also checked for faces, people and text\n`,
        );
        out.write(`ROC AUC ${result.auc.toFixed(5)}\n`);
        out.write(
          `at threshold ${result.threshold}: recall of revealing frames ${pct(result.recall)}, endoscopic frames removed ${pct(result.insideRemoved)}\n`,
        );
        for (const m of result.missed) out.write(`  missed (revealing, kept): ${m.file} score ${m.score.toFixed(3)}\n`);
        for (const f of result.falseRemovals) out.write(`  removed (endoscopic): ${f.file} score ${f.score.toFixed(3)}\n`);
        return 0;
      }
      default:
        err.write(`Unknown command "${command}".\n\n${USAGE}`);
        return 2;
    }
  } catch (error) {
    if (error instanceof MediaError) {
      err.write(`deid ${command}: ${error.message}\n`);
      return 1;
    }
    throw error;
  }
};
