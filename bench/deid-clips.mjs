// The privacy rule as the product runs it on video, not on stills: the dev set's frames are runs of
// consecutive frames of their source videos (about one a second), so each run becomes a clip again
// (each frame held a second, longer where numbers are missing, 640 × 360, 25 fps, a keyframe every 2 s as a camera
// makes them) and goes through `analyseVideo` with every detector: keyframes, dense passes, faces
// and people where uncertain, text followed over time (an overlay is masked, a moving instrument's
// print and a maker's name read on a shaft count for nothing), the temporal decision with its
// margins. The scene model of each clip never saw its video (leave one video out, trained as
// `npm run deid:train` trains). A frame counts as removed when the middle of its first second lies
// in a removed range.
//
// Stills say what a frame looks like; this says what the product cuts. bench/deid-quality.mjs
// judges the same frames one by one (text on a still is a cut there).
//
//   node --import tsx bench/deid-clips.mjs [--labels <labels.csv> --images <dir>] [--min-run 5]
//          [--margin <s>] [--merge-gap <s>]   (the temporal decision's, default as the product's)
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { analyseVideo } from '@ipsv/deid/analyse';
import { readLabels } from '@ipsv/deid/dataset';
import { SceneDetector } from '@ipsv/deid/scene-detector';
import { loadSceneModel } from '@ipsv/deid/scene-model';
import { buildSamples, EXTRA_LABELS, trainScene } from '@ipsv/deid/scene-training';
import { closeDetectors, defaultSecondaryDetectors } from '@ipsv/deid/secondary-detectors';
import { locateBinaries } from '@ipsv/media/binaries';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const data = resolve(root, '..', 'shared', 'data', 'deid-frames');
const { values } = parseArgs({
  options: {
    labels: { type: 'string' },
    images: { type: 'string' },
    'min-run': { type: 'string', default: '5' },
    margin: { type: 'string' },
    'merge-gap': { type: 'string' },
  },
});
const decision = {
  ...(values.margin === undefined ? {} : { marginSeconds: Number(values.margin) }),
  ...(values['merge-gap'] === undefined ? {} : { mergeGapSeconds: Number(values['merge-gap']) }),
};
const labels = values.labels ?? join(data, 'labels.csv');
const images = values.images ?? join(dirname(labels), 'images');
const minRun = Number(values['min-run']);

const dev = await readLabels(labels, images);
const extra = await readLabels(EXTRA_LABELS, join(dirname(EXTRA_LABELS), 'images'));
let started = Date.now();
const samples = await buildSamples([...dev, ...extra], true);
console.log(`${dev.length} dev frames, ${extra.length} extra, ${samples.length} training samples (${((Date.now() - started) / 1000).toFixed(0)} s)`);

/**
 * Runs of a video's frames whose numbers are at most 2 apart (a frame or two missing from the set).
 * `<video>_<n>.jpg`, and `<video>_<n>_<k>.jpg` for further frames of second n (the slides' video).
 */
const runsOf = (frames) => {
  const numbered = frames
    .map((frame) => {
      const [, n, k] = /_(\d+)(?:_(\d+))?\.[a-z]+$/i.exec(frame.file) ?? [];
      return { frame, n: Number(n ?? NaN), k: Number(k ?? 0) };
    })
    .filter((f) => Number.isFinite(f.n))
    .sort((a, b) => a.n - b.n || a.k - b.k);
  const runs = [];
  for (const f of numbered) {
    const run = runs.at(-1);
    if (run && f.n - run.at(-1).n <= 2) run.push(f);
    else runs.push([f]);
  }
  return runs.filter((run) => run.length >= minRun);
};

const { ffmpeg } = locateBinaries();
const work = mkdtempSync(join(tmpdir(), 'ipsv-deid-clips-'));
/**
 * A clip of one run; returns each frame's start second and the clip's length. The stills are made
 * one pixel format first: the dev JPEGs mix 4:2:0 and 4:4:4, and a change inside a concat input
 * resets the filters.
 */
const clipOf = (run, output) => {
  // Each frame held a second, and a second more for each number missing before the next.
  const starts = [0];
  for (let i = 1; i < run.length; i += 1) starts.push(starts[i - 1] + Math.max(1, run[i].n - run[i - 1].n));
  const stills = run.map((f, i) => {
    const still = `${output}-${i}.png`;
    execFileSync(ffmpeg, ['-hide_banner', '-nostdin', '-y', '-v', 'error', '-i', f.frame.file, '-pix_fmt', 'rgb24', still]);
    return still;
  });
  const lines = stills.map((still, i) => `file '${still}'\nduration ${i + 1 < run.length ? starts[i + 1] - starts[i] : 1}`);
  const list = `${output}.txt`;
  writeFileSync(list, `${lines.join('\n')}\nfile '${stills.at(-1)}'\n`);
  execFileSync(ffmpeg, [
    ...['-hide_banner', '-nostdin', '-y', '-v', 'error', '-f', 'concat', '-safe', '0', '-i', list],
    ...['-vf', 'fps=25,scale=640:360,format=yuv420p', '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23'],
    ...['-g', '50', '-keyint_min', '50', '-sc_threshold', '0', output],
  ]);
  return { starts, seconds: starts.at(-1) + 1 };
};

const detectors = defaultSecondaryDetectors();
const base = loadSceneModel();
const totals = { endoscopic: 0, endoscopicRemoved: 0, revealing: 0, missed: 0, seconds: 0, analysis: 0, masks: 0 };
const removedBy = new Map();
started = Date.now();
try {
  for (const group of [...new Set(dev.map((f) => f.group))].sort()) {
    const training = samples.filter((s) => !s.groups.includes(group));
    if (!training.some((s) => s.revealing) || training.every((s) => s.revealing)) continue;
    const runs = runsOf(dev.filter((f) => f.group === group));
    if (runs.length === 0) continue;
    const scene = new SceneDetector({ ...base, ...trainScene(training), name: `${base.name} without ${group}` });
    const row = { endoscopic: 0, endoscopicRemoved: 0, revealing: 0, missed: 0, seconds: 0, analysis: 0, masks: 0, tracks: {}, print: 0 };
    try {
      for (const [k, run] of runs.entries()) {
        const clip = join(work, `${group}-${k}.mp4`);
        const { starts, seconds } = clipOf(run, clip);
        const t0 = Date.now();
        const result = await analyseVideo(clip, { scene, detectors, ...decision });
        row.analysis += (Date.now() - t0) / 1000;
        row.seconds += seconds;
        row.masks += result.masks.length;
        for (const t of result.textTracks) {
          row.tracks[t.kind] = (row.tracks[t.kind] ?? 0) + 1;
          if (t.instrumentPrint > 0) row.print += 1;
        }
        run.forEach(({ frame }, i) => {
          const at = starts[i] + 0.5;
          const range = result.ranges.find((r) => r.start <= at && at < r.end);
          if (frame.revealing) {
            row.revealing += 1;
            if (!range) {
              row.missed += 1;
              console.log(`    missed: ${frame.file.split('/').pop()}`);
            }
          } else {
            row.endoscopic += 1;
            if (range) {
              row.endoscopicRemoved += 1;
              const why = range.reasons.join('+');
              removedBy.set(why, (removedBy.get(why) ?? 0) + 1);
            }
          }
        });
      }
    } finally {
      await scene.close();
    }
    const tracks = Object.entries(row.tracks)
      .map(([kind, n]) => `${n} ${kind}`)
      .join(', ');
    console.log(
      `${group.padEnd(12)} ${runs.length} clips, ${row.seconds} s, analysed in ${row.analysis.toFixed(1)} s: endoscopic removed ${row.endoscopicRemoved} of ${row.endoscopic}, revealing missed ${row.missed} of ${row.revealing}; ${row.masks} masks; text tracks: ${tracks || 'none'}${row.print ? ` (${row.print} read as instrument print)` : ''}`,
    );
    for (const key of Object.keys(totals)) totals[key] += row[key];
  }
} finally {
  await closeDetectors(detectors);
  rmSync(work, { recursive: true, force: true });
}
const pct = (a, b) => `${b ? ((100 * a) / b).toFixed(2) : '0.00'} %`;
console.log(
  `\nleave one video out, as the product runs it on video: recall ${pct(totals.revealing - totals.missed, totals.revealing)} (${totals.missed} of ${totals.revealing} missed), endoscopic removed ${pct(totals.endoscopicRemoved, totals.endoscopic)} (${totals.endoscopicRemoved} of ${totals.endoscopic})`,
);
console.log(`endoscopic frames removed, by the reasons of their range: ${[...removedBy].map(([why, n]) => `${why} ${n}`).join(', ') || 'none'}`);
console.log(
  `${totals.seconds} s of clips analysed in ${totals.analysis.toFixed(1)} s (${(totals.seconds / totals.analysis).toFixed(1)}× real time), ${totals.masks} masks; whole run ${((Date.now() - started) / 1000).toFixed(0)} s`,
);
