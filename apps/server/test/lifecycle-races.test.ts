// The lifecycle's compare-and-set on real PostgreSQL, where a job and a request race: the file check
// decides "wait for the details" from a read taken before the provider saved them. Written over the
// save, that decision left the video waiting for details it already had, for good (a CI run of the
// upload journey stayed in awaiting_details for three minutes after Save).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../src/db/schema.js';
import { createLifecycle, detailsSaved, validated } from '../src/modules/videos/video-lifecycle.js';
import { createVideosRepository } from '../src/modules/videos/videos.repository.js';
import { recordingQueue } from './helpers/build-test-app.js';
import { createTestDatabase, type TestDatabase } from './helpers/test-database.js';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.drop();
});

const FOUND = {
  probe: { container: 'mp4', codec: 'h264', width: 1280, height: 720, durationSeconds: 20, fps: 25, hasAudio: false, browserPlayable: true },
  quality: '720',
  thumbnailTimes: [1, 2, 3],
  filmstrip: null,
};

/** A provider's video whose file check is under way. */
async function videoBeingChecked(videos: ReturnType<typeof createVideosRepository>) {
  const ownerId = randomUUID();
  await database.db.insert(schema.users).values({ id: ownerId, name: 'Provider', email: `p-${ownerId}@hospital.org` });
  return videos.create({ id: randomUUID(), ownerId, fileName: 'f.mp4', originalKey: 'uploads/f', status: 'validating', sizeBytes: 5_000_000 });
}

describe('details saved while the file is checked', () => {
  it('a check that read the video before the save cannot make it wait for the details; read again, it starts the analysis', async () => {
    const videos = createVideosRepository(database.db);
    const queue = recordingQueue();
    const lifecycle = createLifecycle({ videos, queue });
    const video = await videoBeingChecked(videos);

    const readByTheCheck = (await videos.find(video.id))!;
    await lifecycle.applyOrRefuse(video.id, detailsSaved(readByTheCheck, { title: 'Laparoscopic cholecystectomy' }, new Date()));

    expect(await lifecycle.apply(video.id, validated(readByTheCheck, FOUND))).toBeNull();
    expect((await videos.find(video.id))!.status).toBe('validating');
    expect(queue.sent).toEqual([]);

    const fresh = (await videos.find(video.id))!;
    expect((await lifecycle.apply(video.id, validated(fresh, FOUND)))!.status).toBe('analysing');
    expect(queue.sent).toEqual([{ name: 'video-analyse', payload: { videoId: video.id } }]);
  });

  it('without a save in between, the check still makes the video wait for its details', async () => {
    const videos = createVideosRepository(database.db);
    const lifecycle = createLifecycle({ videos, queue: recordingQueue() });
    const video = await videoBeingChecked(videos);
    expect((await lifecycle.apply(video.id, validated((await videos.find(video.id))!, FOUND)))!.status).toBe('awaiting_details');
  });
});
