// Signed media links carry their signature as the first path part after /media/ (the server's
// media-signing.ts). Renewing a link is swapping that part: every playlist and segment of a version
// shares it, so the player keeps one current token and rewrites each request to it.
const TOKEN = /\/media\/([^/]+)\//;

export const tokenOf = (url: string): string => TOKEN.exec(url)?.[1] ?? '';

/** `url` with the newest signature; unchanged when it is not a signed media link. */
export const withToken = (url: string, token: string): string => (token && TOKEN.test(url) ? url.replace(TOKEN, `/media/${token}/`) : url);

/** When to ask for fresh links: a fifth of the time left (at least 5 s) before they expire, never sooner than 1 s from now. */
export function refreshDelayMs(expiresAt: string, now: number): number {
  const left = new Date(expiresAt).getTime() - now;
  return Math.max(1000, left - Math.max(5000, left * 0.2));
}
