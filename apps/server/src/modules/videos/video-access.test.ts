import { describe, expect, it } from 'vitest';
import { fakeVideosRepository } from '../../testing/fakes.js';
import { canUpload, canWatch, moderatedVideo, ownedVideo, type VideoActor } from './video-access.js';

const owner: VideoActor = { id: 'owner', email: 'ada@hospital.org', role: 'provider' };
const colleague: VideoActor = { id: 'c', email: 'bob@hospital.org', role: 'viewer' };
const stranger: VideoActor = { id: 's', email: 'eve@elsewhere.net', role: 'provider' };
const admin: VideoActor = { id: 'a', email: 'root@platform.org', role: 'admin' };
const published = {
  ownerId: 'owner',
  visibility: 'private' as const,
  whitelist: [] as string[],
  listEntries: [] as string[],
  accessGrants: [] as { email: string; until: string | null; requestId: number }[],
  publishedVersion: 1,
  takenDownAt: null as Date | null,
};

describe('canUpload', () => {
  it('lets providers and administrators upload, nobody else', () => {
    expect(['viewer', 'provider', 'support', 'admin'].map((role) => canUpload(role as VideoActor['role']))).toEqual([false, true, false, true]);
  });
});

describe('canWatch', () => {
  it('never before the first publication, not even the owner', () => {
    expect(canWatch({ ...published, publishedVersion: 0, visibility: 'signed_in' }, owner)).toBe(false);
  });

  it('private: the owner and administrators only', () => {
    expect([owner, admin, colleague, stranger].map((a) => canWatch(published, a))).toEqual([true, true, false, false]);
  });

  it('whitelist: listed emails and @domains, case-insensitively', () => {
    const listed = { ...published, visibility: 'whitelist' as const, whitelist: ['@hospital.org'] };
    expect([colleague, stranger].map((a) => canWatch(listed, a))).toEqual([true, false]);
    const byEmail = { ...published, visibility: 'whitelist' as const, whitelist: ['eve@elsewhere.net'] };
    expect(canWatch(byEmail, { ...stranger, email: 'Eve@Elsewhere.NET' })).toBe(true);
    expect(canWatch(byEmail, colleague)).toBe(false);
    // A domain entry does not match a longer domain ending the same way.
    expect(canWatch({ ...listed, whitelist: ['@hospital.org'] }, { ...stranger, email: 'x@fakehospital.org' })).toBe(false);
  });

  it('whitelist: the named lists the video uses, and grants until their end', () => {
    const viaList = { ...published, visibility: 'whitelist' as const, listEntries: ['@hospital.org'] };
    expect([colleague, stranger].map((a) => canWatch(viaList, a))).toEqual([true, false]);
    const now = new Date('2026-06-01T12:00:00Z');
    const granted = {
      ...published,
      visibility: 'whitelist' as const,
      accessGrants: [
        { email: 'eve@elsewhere.net', until: '2026-06-02T00:00:00Z', requestId: 1 },
        { email: 'bob@hospital.org', until: '2026-05-31T00:00:00Z', requestId: 2 },
      ],
    };
    expect(canWatch(granted, stranger, now)).toBe(true);
    expect(canWatch(granted, colleague, now), 'an expired grant').toBe(false);
    expect(canWatch(granted, stranger, new Date('2026-06-03T00:00:00Z'))).toBe(false);
    expect(canWatch({ ...granted, visibility: 'private' }, stranger, now), 'a private video ignores grants').toBe(false);
  });

  it('signed in: everyone; a taken-down video only for its owner and administrators', () => {
    const open = { ...published, visibility: 'signed_in' as const };
    expect([colleague, stranger].map((a) => canWatch(open, a))).toEqual([true, true]);
    const takenDown = { ...open, takenDownAt: new Date() };
    expect([owner, admin, colleague].map((a) => canWatch(takenDown, a))).toEqual([true, true, false]);
  });
});

describe('loading a video for an operation', () => {
  it('owner-only operations: the owner gets it, an administrator is told it is the owner’s, others learn nothing', async () => {
    const videos = fakeVideosRepository();
    await videos.create({ id: 'v', ownerId: 'owner', fileName: 'f', originalKey: 'uploads/v' });
    expect((await ownedVideo(videos, owner, 'v')).id).toBe('v');
    await expect(ownedVideo(videos, admin, 'v')).rejects.toMatchObject({ code: 'OWNER_ONLY' });
    await expect(ownedVideo(videos, stranger, 'v')).rejects.toMatchObject({ code: 'NO_ACCESS' });
    await expect(ownedVideo(videos, owner, 'missing')).rejects.toMatchObject({ code: 'NO_ACCESS' });
  });

  it('moderation: the owner and administrators', async () => {
    const videos = fakeVideosRepository();
    await videos.create({ id: 'v', ownerId: 'owner', fileName: 'f', originalKey: 'uploads/v' });
    expect((await moderatedVideo(videos, admin, 'v')).id).toBe('v');
    await expect(moderatedVideo(videos, colleague, 'v')).rejects.toMatchObject({ code: 'NO_ACCESS' });
  });
});
