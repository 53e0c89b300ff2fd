// Images people upload (a video's thumbnail, a profile picture) are checked for what they really
// are and re-encoded, so no camera metadata (GPS, device, date) survives and the size is ours. One
// sharp pipeline; the presets say what each image becomes.
import sharp, { type Sharp } from 'sharp';
import { PROFILE_PICTURE_SIZE } from '@ipsv/contracts/users';

export type ImagePreset = 'thumbnail' | 'profilePicture';

const PRESETS: Record<ImagePreset, (image: Sharp) => Sharp> = {
  /** At most 1280x720, never enlarged, JPEG. */
  thumbnail: (image) => image.resize(1280, 720, { fit: 'inside', withoutEnlargement: true }).jpeg({ quality: 85 }),
  /** A 256 px square (centre crop), PNG. */
  profilePicture: (image) => image.resize(PROFILE_PICTURE_SIZE, PROFILE_PICTURE_SIZE, { fit: 'cover' }).png(),
};

const ACCEPTED_FORMATS = new Set(['png', 'jpeg', 'webp']);

/** The upload is not a PNG, JPEG or WebP image sharp can read (or is absurdly large in pixels). */
export class UnsupportedImage extends Error {}

export interface ImageNormaliser {
  normalise(data: Buffer, preset: ImagePreset): Promise<Buffer>;
}

export const sharpImageNormaliser: ImageNormaliser = {
  async normalise(data, preset) {
    try {
      const image = sharp(data, { failOn: 'error', limitInputPixels: 40_000_000 });
      const { format } = await image.metadata();
      if (!format || !ACCEPTED_FORMATS.has(format)) throw new UnsupportedImage(`format ${format ?? 'unknown'}`);
      // rotate() applies the EXIF orientation before the metadata is dropped.
      return await PRESETS[preset](image.rotate()).toBuffer();
    } catch (error) {
      throw error instanceof UnsupportedImage ? error : new UnsupportedImage((error as Error).message);
    }
  },
};
