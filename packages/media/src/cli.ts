// `ipsv-media`: probe/validate, cut, render, storyboard and scene changes from the command line,
// with the same code the worker uses.
import { parseCommandLine } from './command-line.js';
import { cut } from './cut.js';
import { MediaError } from './errors.js';
import { storyboard, thumbnails } from './images.js';
import { PUBLICATION_RENDER, renderLadder, RUNGS, rungsFor, writeMasterPlaylist } from './ladder.js';
import { probe } from './probe.js';
import { progressBar } from './progress-bar.js';
import { type TimeRange } from './ranges.js';
import { sceneChanges } from './scene-changes.js';
import { validate } from './validate.js';

const USAGE = `Usage: ipsv-media <command> <file> [options]

Commands:
  probe <file> [--json]                     what the file contains, and every upload rule it breaks
  cut <file> -o <out.mp4> --remove <ranges> remove time ranges (e.g. 12.5-20,61-64.2), strip metadata
        [--no-audio] [--reencode]
  render <file> -o <dir> [--rungs 360p,720p] [--remove <ranges>] [--fast]
                                            MP4 + HLS renditions and a master playlist
  images <file> -o <dir>                    thumbnails and storyboard sprite with its WebVTT map
  scenes <file> [--json]                    scene changes and the segments they suggest
`;

export const parseRanges = (text: string | undefined): TimeRange[] => {
  if (!text) return [];
  return text.split(',').map((part) => {
    const match = /^\s*(\d+(?:\.\d+)?)\s*-\s*(\d+(?:\.\d+)?)\s*$/.exec(part);
    if (!match) throw new MediaError('bad_argument', `Not a time range: "${part}" (expected start-end in seconds, e.g. 12.5-20)`);
    return { start: Number(match[1]), end: Number(match[2]) };
  });
};

export const main = async (argv: string[], out: NodeJS.WriteStream = process.stdout, err: NodeJS.WriteStream = process.stderr): Promise<number> => {
  const parsed = parseCommandLine(
    argv,
    {
      json: { type: 'boolean' },
      output: { type: 'string', short: 'o' },
      remove: { type: 'string' },
      rungs: { type: 'string' },
      'no-audio': { type: 'boolean' },
      reencode: { type: 'boolean' },
      fast: { type: 'boolean' },
    },
    USAGE,
    out,
    err,
  );
  if (typeof parsed === 'number') return parsed;
  const { values, command, file } = parsed;
  if (!file) {
    err.write(`Missing the input file.\n\n${USAGE}`);
    return 2;
  }
  const needOutput = () => {
    if (!values.output) throw new MediaError('bad_argument', `${command} needs -o <output>`);
    return values.output;
  };
  try {
    switch (command) {
      case 'probe': {
        const info = await probe(file);
        const violations = validate(info);
        if (values.json) out.write(`${JSON.stringify({ ...info, violations }, null, 2)}\n`);
        else {
          out.write(
            `${info.container.toUpperCase()} ${info.video.codec} ${info.video.width}x${info.video.height} ${info.video.fps.toFixed(2)} fps, ${info.durationSeconds.toFixed(2)} s, ${(info.bitRate / 1e6).toFixed(1)} Mbit/s, ${info.audio.length} audio stream(s)\n`,
          );
          out.write(violations.length ? violations.map((v) => `refused: ${v.message}\n`).join('') : 'accepted for upload\n');
        }
        return violations.length ? 1 : 0;
      }
      case 'cut': {
        const bar = progressBar('cut');
        const result = await cut(file, parseRanges(values.remove), needOutput(), {
          removeAudio: values['no-audio'],
          method: values.reencode ? 'reencode' : 'auto',
          onProgress: bar.update,
        });
        bar.done();
        out.write(
          `${result.output}: ${result.durationSeconds.toFixed(2)} s kept, ${result.method === 'copy' ? `${result.copiedSeconds.toFixed(1)} s copied untouched` : 're-encoded'}\n`,
        );
        return 0;
      }
      case 'render': {
        const info = await probe(file);
        const names = values.rungs?.split(',').map((n) => n.trim());
        const unknown = names?.filter((n) => !RUNGS.some((r) => r.name === n)) ?? [];
        if (unknown.length) throw new MediaError('bad_argument', `Unknown rendition ${unknown.join(', ')} (known: ${RUNGS.map((r) => r.name).join(', ')})`);
        const rungs = names ? RUNGS.filter((r) => names.includes(r.name)) : rungsFor(info.video.height);
        const bar = progressBar('render');
        const renditions = await renderLadder(file, needOutput(), rungs, {
          info,
          removeRanges: parseRanges(values.remove),
          removeAudio: values['no-audio'],
          onProgress: bar.update,
          ...(values.fast ? PUBLICATION_RENDER : {}),
        });
        bar.done();
        const master = await writeMasterPlaylist(needOutput(), renditions, !values['no-audio'] && info.audio.length > 0);
        out.write(`${master}: ${renditions.map((r) => `${r.rung.name} ${r.width}x${r.height}`).join(', ')}\n`);
        return 0;
      }
      case 'images': {
        const info = await probe(file);
        const thumbs = await thumbnails(file, needOutput(), { info });
        const board = await storyboard(file, needOutput(), { info });
        out.write(`${thumbs.length} thumbnails; storyboard ${board.tiles} tiles every ${board.interval.toFixed(1)} s: ${board.sprite}, ${board.vtt}\n`);
        return 0;
      }
      case 'scenes': {
        const bar = progressBar('scenes');
        const result = await sceneChanges(file, { onProgress: bar.update });
        bar.done();
        if (values.json) out.write(`${JSON.stringify(result, null, 2)}\n`);
        else out.write(result.segments.map((s) => `${s.start.toFixed(1)}-${s.end.toFixed(1)}\n`).join(''));
        return 0;
      }
      default:
        err.write(`Unknown command "${command}".\n\n${USAGE}`);
        return 2;
    }
  } catch (error) {
    if (error instanceof MediaError) {
      err.write(`ipsv-media ${command}: ${error.message}\n`);
      return 1;
    }
    throw error;
  }
};
