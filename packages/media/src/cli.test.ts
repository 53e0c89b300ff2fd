import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { main, parseRanges } from './cli.js';
import { progressBar } from './progress-bar.js';

const capture = () => {
  const stream = new PassThrough() as unknown as NodeJS.WriteStream & { text: () => string };
  let text = '';
  (stream as unknown as PassThrough).on('data', (chunk: Buffer) => (text += chunk.toString()));
  stream.text = () => text;
  return stream;
};

describe('parseRanges', () => {
  it('reads comma-separated start-end seconds', () => {
    expect(parseRanges('12.5-20, 61-64.2')).toEqual([
      { start: 12.5, end: 20 },
      { start: 61, end: 64.2 },
    ]);
    expect(parseRanges(undefined)).toEqual([]);
  });

  it('names the part it cannot read', () => {
    expect(() => parseRanges('3-5,7-')).toThrow('Not a time range: "7-" (expected start-end in seconds, e.g. 12.5-20)');
  });
});

describe('progress bar', () => {
  it('writes every tenth once to a pipe, even when progress jumps', () => {
    const stream = capture();
    const bar = progressBar('render', stream);
    for (const p of [0, 3, 13, 14, 29, 30, 77, 100, 100]) bar.update(p);
    bar.done();
    expect(stream.text()).toBe('render 0%\nrender 13%\nrender 29%\nrender 30%\nrender 77%\nrender 100%\n');
  });
});

describe('ipsv-media arguments', () => {
  it('prints usage for --help and refuses unknown commands and options', async () => {
    const out = capture();
    const err = capture();
    expect(await main(['--help'], out, err)).toBe(0);
    expect(out.text()).toContain('Usage: ipsv-media <command> <file>');
    expect(await main(['transcode', 'x.mp4'], out, err)).toBe(2);
    expect(err.text()).toContain('Unknown command "transcode"');
    expect(await main(['probe', 'x.mp4', '--colour'], out, err)).toBe(2);
    expect(err.text()).toContain("Unknown option '--colour'");
  });

  it('a missing file is a clear error with a non-zero exit', async () => {
    const err = capture();
    expect(await main(['probe', '/nonexistent/video.mp4'], capture(), err)).toBe(1);
    expect(err.text()).toBe('ipsv-media probe: File not found: /nonexistent/video.mp4\n');
  });
});
