// The filmstrip's WebVTT sprite map. It lives beside the sprite in storage (a signed URL), not in
// our JSON API, so it is read with fetch and parsed here.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PrivacyReview } from '@ipsv/contracts/privacy-review';
import { parseSpriteVtt } from '../filmstrip';

export async function getFilmstrip(vttUrl: string, signal?: AbortSignal) {
  const response = await fetch(vttUrl, { signal });
  if (!response.ok) throw new Error(`filmstrip ${response.status}`);
  return parseSpriteVtt(await response.text());
}

export const filmstripQuery = (vttUrl: string) =>
  queryOptions({
    queryKey: ['filmstrip', vttUrl],
    queryFn: ({ signal }) => getFilmstrip(vttUrl, signal),
    staleTime: Infinity,
  });

/** The tiles of the review's filmstrip, once there is one. */
export const useFilmstrip = (filmstrip: PrivacyReview['filmstrip']) => useQuery({ ...filmstripQuery(filmstrip?.vttUrl ?? ''), enabled: filmstrip !== null });
