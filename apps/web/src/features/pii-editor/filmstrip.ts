// Reads the filmstrip's WebVTT sprite map: each cue names a time span and the tile of the sprite
// image (`sprite.jpg#xywh=x,y,w,h`) that shows it.

export interface FilmstripTile {
  start: number;
  end: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

const TIMESTAMP = /(?:(\d+):)?(\d{1,2}):(\d{2}(?:\.\d+)?)/;

function parseTimestamp(text: string): number | null {
  const match = TIMESTAMP.exec(text.trim());
  if (!match) return null;
  return Number(match[1] ?? 0) * 3600 + Number(match[2]) * 60 + Number(match[3]);
}

/** Tiles of a WebVTT sprite map in the order of their cues; cues without an xywh fragment are skipped. */
export function parseSpriteVtt(vtt: string): FilmstripTile[] {
  const tiles: FilmstripTile[] = [];
  const lines = vtt.replace(/\r\n?/g, '\n').split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (!line.includes('-->')) continue;
    const [from, to] = line.split('-->');
    const start = parseTimestamp(from ?? '');
    const end = parseTimestamp((to ?? '').trim().split(/\s+/)[0] ?? '');
    const fragment = /#xywh=(\d+),(\d+),(\d+),(\d+)/.exec(lines[i + 1] ?? '');
    if (start === null || end === null || !fragment) continue;
    const [x, y, width, height] = fragment.slice(1).map(Number) as [number, number, number, number];
    tiles.push({ start, end, x, y, width, height });
  }
  return tiles;
}

/** m:ss.s — the editor works to the tenth of a second. */
export function editorClock(seconds: number): string {
  const tenths = Math.round(Math.max(0, seconds) * 10);
  const minutes = Math.floor(tenths / 600);
  const rest = (tenths % 600) / 10;
  return `${minutes}:${rest.toFixed(1).padStart(4, '0')}`;
}
