import { describe, expect, it } from 'vitest';
import { createPageViewsService } from './page-views.service';

function fakeRepository() {
  const rows: { path: string; userId: string | null }[] = [];
  return { rows, insert: async (row: { path: string; userId: string | null }) => void rows.push(row) };
}

describe('page views service', () => {
  it('stores the path and query but not the fragment', async () => {
    const repository = fakeRepository();
    await createPageViewsService(repository).record('/video/42?t=30#notes', null);
    expect(repository.rows).toEqual([{ path: '/video/42?t=30', userId: null }]);
  });

  it('links the view to the signed-in user', async () => {
    const repository = fakeRepository();
    const user = {
      id: 'u1',
      email: 'a@b.co',
      emailVerified: true,
      firstName: null,
      lastName: null,
      role: 'viewer' as const,
      termsAccepted: true,
      twoFactorEnabled: false,
      pictureUrl: null,
    };
    await createPageViewsService(repository).record('/history', user);
    expect(repository.rows).toEqual([{ path: '/history', userId: 'u1' }]);
  });
});
