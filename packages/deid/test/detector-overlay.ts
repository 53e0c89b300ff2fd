// Burned-in text test frames: ffmpeg's drawtext stamps patient-style overlay lines onto real frames,
// the way video towers do (white, yellow or green, in a corner or along an edge).
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { type Frame } from '@ipsv/media/frame';
import { readFrame } from './detector-frames.js';

/** A TrueType font for drawtext: Debian's ffmpeg pulls in fontconfig's default fonts. */
export function findFont(): string | undefined {
  const preferred = ['/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf', '/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf'];
  const found = preferred.find((f) => existsSync(f));
  if (found) return found;
  const walk = (dir: string): string | undefined => {
    if (!existsSync(dir)) return undefined;
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        const f = walk(p);
        if (f) return f;
      } else if (/\.(ttf|otf)$/i.test(entry.name)) return p;
    }
    return undefined;
  };
  return walk('/usr/share/fonts');
}

export interface Overlay {
  text: string;
  color: string;
  /** drawtext position expressions. */
  x: string;
  y: string;
  /** Font size as a fraction of the frame height. */
  size: number;
}

/** Typical tower overlays: name and birth date top-left, id and date bottom, time top-right. */
export const OVERLAYS: readonly Overlay[] = [
  { text: 'DOE JOHN 1957-03-02 ID 483920', color: 'white', x: '8', y: '8', size: 0.055 },
  { text: 'PID 0048-3920  2024-11-05', color: 'yellow', x: '8', y: 'h-th-8', size: 0.05 },
  { text: '14:32:07  SMITH A.', color: 'lime', x: 'w-tw-8', y: '8', size: 0.05 },
];

function escape(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/:/g, '\\:').replace(/'/g, "\\'");
}

/** The image decoded with an overlay line drawn on it (scaled to `width` first when given). */
export function readFrameWithOverlay(file: string, font: string, overlay: Overlay, width?: number): Promise<Frame> {
  const draw = `drawtext=fontfile='${font}':text='${escape(overlay.text)}':fontcolor=${overlay.color}:fontsize=h*${overlay.size}:x=${overlay.x}:y=${overlay.y}`;
  return readFrame(file, { filter: [width ? `scale=${width}:-2` : undefined, draw].filter(Boolean).join(',') });
}
