// Records page views for provider analytics. The browser sends them only when the visitor gave
// advertising consent; the server keeps just the path, the time and (when signed in) the user.
import type { SessionUser } from '@ipsv/contracts/session';
import type { PageViewsRepository } from './page-views.repository.js';

export function createPageViewsService(repository: PageViewsRepository) {
  return {
    async record(path: string, user: SessionUser | null): Promise<void> {
      // Drop the fragment: it never reaches other servers either and may hold client-side state.
      const withoutFragment = path.split('#')[0] || '/';
      await repository.insert({ path: withoutFragment, userId: user?.id ?? null });
    },
  };
}
export type PageViewsService = ReturnType<typeof createPageViewsService>;
