import { describe, expect, it } from 'vitest';
import { isPublicPath } from './routes';

describe('isPublicPath', () => {
  it('lets visitors reach only /login and /terms', () => {
    expect(isPublicPath('/login')).toBe(true);
    expect(isPublicPath('/login/')).toBe(true);
    expect(isPublicPath('/terms')).toBe(true);
    for (const path of ['/', '/watch-later', '/upload', '/video/1', '/login-help', '/terms/extra', '/analytics/security']) {
      expect(isPublicPath(path), path).toBe(false);
    }
  });
});
