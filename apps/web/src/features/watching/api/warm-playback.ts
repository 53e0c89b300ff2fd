// The player's first frame waits on four requests in a row (master playlist, the first rung's
// playlist, its init segment, the segment at the start position). Where hls.js runs, the route's
// loader starts it before the page renders (early-playback.ts); where it does not (Safari on iOS
// plays HLS natively, once the player has mounted), the same requests made from the loader fill the
// browser's HTTP cache (the media routes send cache-control for them) while the page renders, and
// the player then finds them there. Best effort: any failure leaves the player to fetch as it would.

const lines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

async function textOf(url: string): Promise<string | null> {
  const response = await fetch(url, { credentials: 'same-origin' });
  return response.ok ? response.text() : null;
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
    const master = await textOf(masterUrl);
    const levelUrl = master && firstVariant(master, masterUrl);
    const level = levelUrl && (await textOf(levelUrl));
    if (!levelUrl || !level) return;
    await Promise.all(firstRequests(level, levelUrl, startAt ?? 0).map((url) => fetch(url, { credentials: 'same-origin' }).then((r) => r.arrayBuffer())));
  } catch {
    // The player fetches these itself.
  }
}
