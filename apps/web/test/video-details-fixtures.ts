// A video as GET /api/videos/:id returns it, for the upload-journey tests.
import type { Video } from '@ipsv/contracts/videos';

type VideoOverrides = Partial<Omit<Video, 'details'>> & { details?: Partial<Video['details']> };

export function makeVideo(overrides: VideoOverrides = {}): Video {
  const { details, ...rest } = overrides;
  return {
    id: 'v1',
    ownerId: 'user-1',
    ownerName: 'Ada Surgeon',
    status: 'awaiting_details',
    percent: null,
    privacyAnswer: 'no',
    details: {
      title: 'Laparoscopic hernia repair',
      surgeryTypeId: 5,
      patientGender: null,
      surgeryEvent: '',
      description: { procedure: '', approach: null, initialOrRedo: null, technique: '', caseType: null, ageBand: null, weightClass: null },
      surgeryDate: null,
      surgeryYear: null,
      pgsGrade: null,
      thumbnail: null,
      videoLink: '',
      fileName: 'hernia.mp4',
      isDownloadable: false,
      visibility: 'private',
      whitelist: [],
      autoConfirm: false,
      ...details,
    },
    detailsSaved: true,
    quality: '1080',
    width: 1920,
    height: 1080,
    durationSeconds: 600,
    sizeBytes: 1_000_000,
    violations: [],
    failureReason: null,
    publishedVersion: 0,
    renditionComplete: false,
    reviewDraftSavedAt: null,
    takenDown: null,
    thumbnailUrl: null,
    createdAt: '2026-01-01T10:00:00.000Z',
    updatedAt: '2026-01-01T10:00:00.000Z',
    publishedAt: null,
    ...rest,
  };
}
