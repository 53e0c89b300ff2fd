// One error type for everything media work can refuse or fail at, with a machine-readable code
// (tests and the upload pipeline assert the code; people read the message).
export type MediaErrorCode =
  'binary_missing' | 'not_found' | 'empty_file' | 'not_media' | 'no_video' | 'timeout' | 'cancelled' | 'ffmpeg_failed' | 'bad_argument';

export class MediaError extends Error {
  constructor(
    readonly code: MediaErrorCode,
    message: string,
    readonly detail?: string,
  ) {
    super(message);
    this.name = 'MediaError';
  }
}
