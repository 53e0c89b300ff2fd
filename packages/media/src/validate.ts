// Spec section 5 upload rules applied to what the file really contains. Every violation is
// reported (a provider fixes them all at once), each with its own message.
import {
  MAX_UPLOAD_BYTES,
  MIN_VIDEO_HEIGHT,
  MIN_VIDEO_SECONDS,
  MIN_VIDEO_WIDTH,
  type UploadViolation,
  uploadViolationMessages as messages,
} from '@ipsv/contracts/upload';
import { type PacketScan, type ProbeResult } from './probe.js';

const ACCEPTED_CONTAINERS = new Set(['mov', 'mp4', 'mpeg', 'avi']);

/** With a packet scan, a file that ends before its video does is refused too. */
export const validate = (info: ProbeResult, sizeBytes = info.sizeBytes, scan?: PacketScan): UploadViolation[] => {
  const violations: UploadViolation[] = [];
  if (scan?.truncated) {
    violations.push({ code: 'incomplete', message: messages.incomplete(), params: { packets: scan.packets } });
  }
  const { width, height } = info.video;

  if (!ACCEPTED_CONTAINERS.has(info.container)) {
    violations.push({ code: 'format', message: messages.format(), params: { format: info.formatName } });
  }
  if (width <= height) {
    violations.push({ code: 'orientation', message: messages.orientation({ width, height }), params: { width, height } });
  }
  // Orientation is its own violation; the size rule applies to the long and the short side.
  if (Math.max(width, height) < MIN_VIDEO_WIDTH || Math.min(width, height) < MIN_VIDEO_HEIGHT) {
    violations.push({ code: 'resolution', message: messages.resolution({ width, height }), params: { width, height } });
  }
  if (!(info.durationSeconds >= MIN_VIDEO_SECONDS)) {
    const seconds = Math.round(info.durationSeconds * 10) / 10;
    violations.push({ code: 'duration', message: messages.duration({ seconds }), params: { seconds } });
  }
  if (sizeBytes > MAX_UPLOAD_BYTES) {
    const megabytes = Math.ceil(sizeBytes / (1024 * 1024));
    violations.push({ code: 'size', message: messages.size({ megabytes }), params: { megabytes } });
  }
  return violations;
};
