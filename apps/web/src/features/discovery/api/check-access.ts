// GET /api/videos/:id/access: the check a card click makes before opening the video page (spec
// section 2). Answers true, or fails with NO_ACCESS (401).
import type { z } from 'zod';
import type { videoAccessSchema } from '@ipsv/contracts/search';
import { apiRequest } from '../../../lib/api-client';

export const checkVideoAccess = (videoId: string) => apiRequest<z.infer<typeof videoAccessSchema>>(`/api/videos/${encodeURIComponent(videoId)}/access`);
