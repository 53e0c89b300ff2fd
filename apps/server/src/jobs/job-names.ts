// Names of the video jobs, shared by the services that send them and the worker that runs them.
export const JOBS = {
  ingest: 'video-ingest',
  analyse: 'video-analyse',
  render: 'video-render',
  cleanup: 'media-cleanup',
} as const;
