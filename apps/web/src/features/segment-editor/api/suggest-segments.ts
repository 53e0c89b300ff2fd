// POST /api/videos/:id/segments/suggest ('AI Analysis'): boundaries from scene changes. Nothing is
// stored until the provider accepts some and confirms.
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export type Suggestion = { start: number; end: number };

export const suggestSegments = (videoId: string) =>
  apiRequest<{ segments: Suggestion[] }>(`/api/videos/${encodeURIComponent(videoId)}/segments/suggest`, { method: 'POST' });

export const useSuggestSegments = (videoId: string) => useMutation({ mutationFn: () => suggestSegments(videoId) });
