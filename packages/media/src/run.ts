// Runs ffmpeg/ffprobe as child processes with a timeout, cancellation and progress, so that a
// garbage input or a stuck decoder can never hang the caller.
import { spawn } from 'node:child_process';
import { MediaError } from './errors.js';

export interface RunOptions {
  /** Kill the process after this many ms (default 10 minutes). */
  timeoutMs?: number;
  signal?: AbortSignal;
  /** Called with the media time (seconds) ffmpeg has reached, parsed from `-progress pipe:2`. */
  onTime?: (seconds: number) => void;
  /** Receives stdout chunks instead of collecting them (streaming consumers). */
  onStdout?: (chunk: Buffer) => void;
  /**
   * Runs the tool under `nice` with this increment: work nobody waits for yet (the speculative
   * standard definition) takes only the CPU that the work people wait for (the analysis) leaves.
   */
  niceness?: number;
}

export interface RunResult {
  stdout: Buffer;
  stderr: string;
}

const STDERR_KEEP = 64 * 1024;

/** The last meaningful ffmpeg error line, for messages people can read. */
export const lastErrorLine = (stderr: string): string =>
  stderr
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !/^(out_time|frame=|progress=|fps=|bitrate=|total_size=|speed=|stream_\d|dup_frames|drop_frames|out_time_u?s=)/.test(line))
    .at(-1) ?? '';

export const runTool = (binary: string, args: string[], options: RunOptions = {}): Promise<RunResult> =>
  new Promise((resolve, reject) => {
    const { timeoutMs = 10 * 60_000, signal, onTime, onStdout } = options;
    if (signal?.aborted) {
      reject(new MediaError('cancelled', 'The operation was cancelled'));
      return;
    }
    // `nice` executes the tool in its own process: the pid, signals and exit code are the tool's.
    const child = options.niceness
      ? spawn('nice', ['-n', String(options.niceness), binary, ...args], { stdio: ['ignore', 'pipe', 'pipe'] })
      : spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const stdout: Buffer[] = [];
    let stderr = '';
    let pending = '';
    let failure: MediaError | null = null;

    const stop = (error: MediaError) => {
      failure ??= error;
      child.kill('SIGKILL');
    };
    const timer = setTimeout(() => stop(new MediaError('timeout', `${binaryName(binary)} did not finish within ${Math.round(timeoutMs / 1000)} s`)), timeoutMs);
    const onAbort = () => stop(new MediaError('cancelled', 'The operation was cancelled'));
    signal?.addEventListener('abort', onAbort, { once: true });

    child.stdout.on('data', (chunk: Buffer) => (onStdout ? onStdout(chunk) : stdout.push(chunk)));
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (text: string) => {
      stderr = (stderr + text).slice(-STDERR_KEEP);
      if (!onTime) return;
      pending += text;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        const match = /^out_time_us=(\d+)/.exec(line);
        if (match) onTime(Number(match[1]) / 1e6);
      }
    });
    child.on('error', (error) => stop(new MediaError('binary_missing', `Could not run ${binary}: ${error.message}`)));
    child.on('close', (code) => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      if (failure) reject(failure);
      else if (code !== 0) reject(new MediaError('ffmpeg_failed', `${binaryName(binary)} failed: ${lastErrorLine(stderr) || `exit code ${code}`}`, stderr));
      else resolve({ stdout: Buffer.concat(stdout), stderr });
    });
  });

const binaryName = (binary: string) => binary.split('/').at(-1) ?? binary;

/** Turns a media-time callback into a clamped, monotonic 0-100 percent callback. */
export const percentReporter = (durationSeconds: number, onProgress?: (percent: number) => void, from = 0, to = 100) => {
  let last = -1;
  return (seconds: number) => {
    if (!onProgress || durationSeconds <= 0) return;
    const share = Math.min(1, Math.max(0, seconds / durationSeconds));
    const percent = Math.floor(from + share * (to - from));
    if (percent > last) {
      last = percent;
      onProgress(percent);
    }
  };
};
