// DELETE /api/session: ends the current session on the server (clears its cookie).
import { apiRequest } from '../../../lib/api-client';

export function signOut(): Promise<void> {
  return apiRequest<void>('/api/session', { method: 'DELETE' });
}
