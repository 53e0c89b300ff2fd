// Every ten minutes: each published video's views of the last POPULAR_WINDOW_DAYS days are
// recounted from video_daily_stats, so the landing grid reads "popular" from one index. The search
// catalogue's change log forgets what is older than an hour.
import { POPULAR_WINDOW_DAYS } from '@ipsv/contracts/search';
import { CATALOGUE_CHANGES_KEPT_MINUTES } from '../modules/search/search-catalogue.js';
import type { SearchRepository } from '../modules/search/search.repository.js';
import { defineJob } from '../platform/jobs/queue.js';

export function popularityRefreshJob(deps: { search: Pick<SearchRepository, 'refreshPopularity' | 'pruneCatalogueChanges'> }) {
  return defineJob('popularity-refresh', { retryLimit: 1, retryDelay: 60, expireInSeconds: 10 * 60 }, async (_payload, context) => {
    const changed = await deps.search.refreshPopularity(POPULAR_WINDOW_DAYS);
    if (changed) context.log.debug({ changed }, 'popularity: views recounted');
    await deps.search.pruneCatalogueChanges(CATALOGUE_CHANGES_KEPT_MINUTES);
  });
}
