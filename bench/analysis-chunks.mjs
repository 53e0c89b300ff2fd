// The privacy analysis of a long recording in chunks: one worker process pinned to one core takes
// every chunk in turn; then two worker processes, each pinned to its own core (taskset), share the
// chunks (each asks for the next when it is free, as pg-boss hands them out). Both results are
// merged and must be byte-identical; the figures are the wall times, the speed-up and what they
// project for a 60-minute case on 8 and 32 cores (issue 46: two workers ≥ 1.8× faster), beside
// what two plain ffmpeg decodes pinned to the two cores reach together (the machine's own ceiling).
//
//   node --import tsx bench/analysis-chunks.mjs [--minutes 10] [--chunk 180] [--scene-only]
//
// The source is upload-to-publish.mjs's: 1080p30 H.264 7 Mbit/s, each minute 56 s of an
// endoscopic-looking texture and 4 s of colour bars (outside the body); cached in bench/.cache.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({
  options: {
    minutes: { type: 'string', default: '10' },
    chunk: { type: 'string', default: '180' },
    'scene-only': { type: 'boolean', default: false },
    // Internal: this process is a worker answering the parent's chunk requests.
    worker: { type: 'string' },
  },
});

if (values.worker) {
  // A worker: models loaded once, then one chunk at a time as the parent hands them out.
  const { analyseChunk } = await import('@ipsv/deid/analyse');
  const { SceneDetector } = await import('@ipsv/deid/scene-detector');
  const { closeDetectors, defaultSecondaryDetectors } = await import('@ipsv/deid/secondary-detectors');
  const scene = new SceneDetector();
  const detectors = values['scene-only'] ? [] : defaultSecondaryDetectors();
  process.on('message', async (message) => {
    if (message.type === 'stop') {
      await closeDetectors(detectors);
      await scene.close();
      process.exit(0);
    }
    const started = performance.now();
    // One core: one sampler at a time.
    const result = await analyseChunk(values.worker, message.chunk, message.durationSeconds, scene, { detectors, workers: 1 });
    process.send({ type: 'done', result, seconds: (performance.now() - started) / 1000 });
  });
  process.send({ type: 'ready' });
} else {
  const minutes = Number(values.minutes);
  const cache = join(root, 'bench', '.cache');
  mkdirSync(cache, { recursive: true });
  const source = join(cache, `chunks-1080p30-${minutes}min.mp4`);
  const ffmpeg = (args) => execFileSync('ffmpeg', ['-hide_banner', '-nostdin', '-y', '-v', 'error', ...args]);
  if (!existsSync(source)) {
    console.log(`Generating a ${minutes} min 1080p30 source (once)...`);
    const inside = "cellauto=s=1920x1080:rate=30:rule=110,format=gray,geq=r='160+60*p(X,Y)/255':g='40+30*p(X,Y)/255':b='40+20*p(X,Y)/255',gblur=sigma=3";
    const encode = ['-c:v', 'libx264', '-preset', 'veryfast', '-b:v', '7M', '-maxrate', '7M', '-bufsize', '14M', '-g', '60', '-pix_fmt', 'yuv420p'];
    ffmpeg(['-f', 'lavfi', '-i', inside, '-t', '8', ...encode, join(cache, 'chunks-in.mp4')]);
    ffmpeg(['-f', 'lavfi', '-i', 'testsrc2=s=1920x1080:rate=30', '-t', '4', ...encode, join(cache, 'chunks-out.mp4')]);
    const minute = [...Array(7).fill('in'), 'out'];
    writeFileSync(
      join(cache, 'chunks-list.txt'),
      Array(minutes)
        .fill(minute)
        .flat()
        .map((p) => `file '${join(cache, `chunks-${p}.mp4`)}'`)
        .join('\n'),
    );
    ffmpeg(['-f', 'concat', '-safe', '0', '-i', join(cache, 'chunks-list.txt'), '-c', 'copy', source]);
  }
  const { mergeChunks, planFile } = await import('@ipsv/deid/analyse');
  const { durationSeconds, chunks } = await planFile(source, { chunkSeconds: Number(values.chunk) });
  const cores = Number(execFileSync('nproc').toString().trim());
  console.log(
    `source ${minutes} min 1080p30 7 Mbit/s (${durationSeconds.toFixed(1)} s), ${chunks.length} chunks of about ${values.chunk} s; ${cores} cores; detectors: ${values['scene-only'] ? 'scene only' : 'all'}`,
  );
  let t = performance.now();
  execFileSync('taskset', ['-c', '0', 'ffmpeg', '-hide_banner', '-v', 'error', '-threads', '1', '-i', source, '-f', 'null', '-']);
  const plainOneCore = (performance.now() - t) / 1000;
  console.log(`plain decode on one core (taskset -c 0 ffmpeg -threads 1 -i source -f null -): ${plainOneCore.toFixed(1)} s`);
  // What this machine's cores give side by side, with no code of ours: two such decodes at once,
  // each pinned to its own core. Two workers cannot beat this ratio by much.
  t = performance.now();
  await Promise.all(
    [0, 1].map(
      (cpu) =>
        new Promise((resolveDecode, reject) =>
          spawn('taskset', ['-c', String(cpu), 'ffmpeg', '-hide_banner', '-v', 'error', '-threads', '1', '-i', source, '-f', 'null', '-'], {
            stdio: 'ignore',
          }).on('exit', (code) => (code === 0 ? resolveDecode() : reject(new Error(`ffmpeg exited with ${code}`)))),
        ),
    ),
  );
  const plainTwoCores = (performance.now() - t) / 1000;
  console.log(
    `two plain decodes at once, one per core: ${plainTwoCores.toFixed(1)} s, so two cores do ${((2 * plainOneCore) / plainTwoCores).toFixed(2)}× the work of one on this machine`,
  );

  /** Runs the chunks on one worker process per core in `cpus`, handing each the next chunk when it is free. */
  const run = async (cpus) => {
    const started = performance.now();
    const queue = [...chunks];
    const results = [];
    const perWorker = cpus.map(() => ({ chunks: 0, seconds: 0 }));
    await Promise.all(
      cpus.map(
        (cpu, w) =>
          new Promise((resolveWorker, reject) => {
            const child = spawn(
              'taskset',
              [
                '-c',
                String(cpu),
                process.execPath,
                '--import',
                'tsx',
                fileURLToPath(import.meta.url),
                '--worker',
                source,
                ...(values['scene-only'] ? ['--scene-only'] : []),
              ],
              { cwd: root, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] },
            );
            const next = () => {
              const chunk = queue.shift();
              if (chunk) child.send({ type: 'chunk', chunk, durationSeconds });
              else child.send({ type: 'stop' });
            };
            child.on('message', (message) => {
              if (message.type === 'done') {
                results.push(message.result);
                perWorker[w].chunks += 1;
                perWorker[w].seconds += message.seconds;
              }
              next();
            });
            child.on('exit', (code) => (code === 0 ? resolveWorker() : reject(new Error(`worker exited with ${code}`))));
          }),
      ),
    );
    const merged = mergeChunks(results);
    return { seconds: (performance.now() - started) / 1000, merged, perWorker };
  };

  const one = await run([0]);
  console.log(
    `one worker on one core: ${one.seconds.toFixed(1)} s = ${(one.seconds / plainOneCore).toFixed(2)} one-core plain decodes, ${one.merged.framesExamined} frames examined, ${one.merged.ranges.length} ranges`,
  );
  const two = await run([0, 1]);
  console.log(
    `two workers, one core each: ${two.seconds.toFixed(1)} s (${two.perWorker.map((w) => `${w.chunks} chunks in ${w.seconds.toFixed(1)} s`).join(', ')})`,
  );
  const identical =
    JSON.stringify(one.merged.ranges) === JSON.stringify(two.merged.ranges) && JSON.stringify(one.merged.track) === JSON.stringify(two.merged.track);
  console.log(`speed-up ${(one.seconds / two.seconds).toFixed(2)}×; ranges and track byte-identical: ${identical}`);
  // A 60-minute case: each core takes chunks in turn, so the time is the number of rounds (chunks /
  // cores, rounded up) times one chunk's time with every core busy (from the two-worker run).
  const busyPerSecond = two.perWorker.reduce((sum, w) => sum + w.seconds, 0) / durationSeconds;
  for (const chunkSeconds of [Number(values.chunk), 180]) {
    const count = Math.ceil(3600 / chunkSeconds);
    for (const n of [8, 32]) {
      const rounds = Math.ceil(count / n);
      console.log(
        `projected 60-minute case, ${count} chunks of ${chunkSeconds} s on ${n} cores: ${rounds} round(s) ≈ ${(rounds * chunkSeconds * busyPerSecond).toFixed(0)} s (${Math.min(n, count)} cores busy)`,
      );
    }
  }
  if (!identical) process.exitCode = 1;
}
