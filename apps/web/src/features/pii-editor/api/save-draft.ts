// PUT /api/videos/:id/review/draft: keeps the review in progress on the server (nothing is
// published), so a reload, a closed tab or a crash loses none of the provider's edits, and the
// masks it carries can be drawn in before Save (the server does that while the provider goes on).
import type { ConfirmReviewInput, PrivacyReviewDraft } from '@ipsv/contracts/privacy-review';
import { apiRequest } from '../../../lib/api-client';

export const saveDraft = (videoId: string, body: ConfirmReviewInput, keepalive = false) =>
  apiRequest<PrivacyReviewDraft>(`/api/videos/${encodeURIComponent(videoId)}/review/draft`, { method: 'PUT', body, keepalive });
