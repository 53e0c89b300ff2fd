// POST /api/page-views. Fire and forget: a lost page view must never disturb the visitor.
import { apiRequest } from '../../../lib/api-client';

export function recordPageView(path: string): void {
  apiRequest<void>('/api/page-views', { method: 'POST', body: { path }, keepalive: true }).catch(() => undefined);
}
