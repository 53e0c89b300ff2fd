// The player's first frame waits on four requests in a row (master playlist, the first rung's
// playlist, its init segment, the segment at the start position), which hls.js can only begin once
// the page has rendered and the player has mounted. Started from the route's loader as soon as the
// page's API answer gives the signed master link, the same requests run while the page renders, and
// their answers are kept here for hls.js to take (warmLoader): each one it finds here costs it no
// request and no wait for a network task on a main thread busy with the page. They also land in the
// browser's HTTP cache (the media routes send cache-control for them). Best effort: any failure
// leaves the player to fetch as it would anyway.

/** A body fetched ahead, with when its request started and ended (performance.now()). */
export interface WarmedAnswer {
  data: string | ArrayBuffer;
  start: number;
  end: number;
}

/** Answers fetched ahead, by absolute URL; each is handed out once and forgotten after a while. */
const warmed = new Map<string, Promise<WarmedAnswer>>();
/** Long enough for the page to mount its player, short enough that nothing stale lingers. */
const KEEP_MS = 30_000;

function keep(url: string, body: Promise<string | ArrayBuffer>) {
  const start = performance.now();
  const answer = body.then((data) => ({ data, start, end: performance.now() }));
  warmed.set(url, answer);
  setTimeout(() => {
    if (warmed.get(url) === answer) warmed.delete(url);
  }, KEEP_MS);
  // A failed warm-up is not an error anyone sees: the player fetches the file itself.
  answer.catch(() => warmed.delete(url));
}

/** The answer fetched ahead for `url`, once; undefined when there is none (fetch it as usual). */
export function takeWarmed(url: string): Promise<WarmedAnswer> | undefined {
  const answer = warmed.get(url);
  warmed.delete(url);
  return answer;
}

const lines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

async function fetched<T extends 'text' | 'arrayBuffer'>(url: string, as: T): Promise<T extends 'text' ? string : ArrayBuffer> {
  const response = await fetch(url, { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`${response.status} for a warmed request`);
  return (await response[as]()) as T extends 'text' ? string : ArrayBuffer;
}

/** Fetches a playlist ahead and keeps it for hls.js; null when it could not be had. */
async function warmText(url: string): Promise<string | null> {
  const answer = fetched(url, 'text');
  keep(url, answer);
  return answer.catch(() => null);
}

/** The first rung's URL in a master playlist (hls.js starts on the first listed variant). */
export function firstVariant(master: string, masterUrl: string): string | null {
  const uri = lines(master).find((line) => !line.startsWith('#'));
  return uri ? new URL(uri, masterUrl).href : null;
}

/** The init segment and the media segment that holds `startAt` seconds, in a media playlist. */
export function firstRequests(level: string, levelUrl: string, startAt: number): string[] {
  const urls: string[] = [];
  const map = /#EXT-X-MAP:URI="([^"]+)"/.exec(level)?.[1];
  if (map) urls.push(new URL(map, levelUrl).href);
  let start = 0;
  let duration = 0;
  for (const line of lines(level)) {
    const extinf = /^#EXTINF:([\d.]+)/.exec(line);
    if (extinf) duration = Number(extinf[1]);
    else if (!line.startsWith('#')) {
      if (startAt < start + duration || duration === 0) {
        urls.push(new URL(line, levelUrl).href);
        break;
      }
      start += duration;
    }
  }
  return urls;
}

export async function warmPlayback(masterLink: string, startAt: number | null): Promise<void> {
  try {
    const masterUrl = new URL(masterLink, window.location.origin).href;
    const master = await warmText(masterUrl);
    const levelUrl = master && firstVariant(master, masterUrl);
    const level = levelUrl && (await warmText(levelUrl));
    if (!levelUrl || !level) return;
    await Promise.all(
      firstRequests(level, levelUrl, startAt ?? 0).map((url) => {
        const answer = fetched(url, 'arrayBuffer');
        keep(url, answer);
        return answer;
      }),
    );
  } catch {
    // The player fetches these itself.
  }
}
