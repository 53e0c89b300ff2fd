// Specular highlights as wet tissue shows them under the scope's light: strings of small, bright,
// soft-edged spots along the folds. Drawn onto a frame in place; seeded, so a test sees the same
// highlights every run. The text detector boxes such strings as text lines.
import { type Frame } from '@ipsv/media/frame';

export const addGlare = (frame: Frame, seed: number): Frame => {
  let state = seed;
  const random = () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648;
  const { width, height } = frame;
  const data = new Uint8Array(frame.data);
  const spot = (cx: number, cy: number, a: number, b: number, angle: number) => {
    for (let y = Math.max(0, Math.floor(cy - a - 2)); y < Math.min(height, cy + a + 2); y++)
      for (let x = Math.max(0, Math.floor(cx - a - 2)); x < Math.min(width, cx + a + 2); x++) {
        const u = ((x - cx) * Math.cos(angle) + (y - cy) * Math.sin(angle)) / a;
        const v = (-(x - cx) * Math.sin(angle) + (y - cy) * Math.cos(angle)) / b;
        const w = Math.max(0, Math.min(1, (1.5 - u * u - v * v) / 0.8));
        for (let c = 0; c < 3; c++) data[(y * width + x) * 3 + c] = Math.round(data[(y * width + x) * 3 + c]! * (1 - w) + 255 * w);
      }
  };
  const scale = width / 640;
  const strings = 2 + Math.floor(random() * 5);
  for (let s = 0; s < strings; s++) {
    let cx = random() * 0.875 * width;
    let cy = (20 + random() * 320) * (height / 360);
    const count = 5 + Math.floor(random() * 14);
    const step = (4 + random() * 6) * scale;
    const slope = (random() - 0.5) * 0.6;
    const size = (1.5 + random() * 3) * scale;
    for (let k = 0; k < count; k++) {
      spot(cx, cy + (random() - 0.5) * size * 2, size * (0.6 + random()), size * (0.5 + random() * 0.8), random() * Math.PI);
      cx += step * (0.6 + random() * 0.8);
      cy += slope * step;
    }
  }
  return { ...frame, data };
};
