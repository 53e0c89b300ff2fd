// At the end of a period in which more than one support chat began while nobody was online: one
// email to the support team listing those still unanswered (modules/chat/offline-notices.ts).
import type { OfflineNotices } from '../modules/chat/offline-notices.js';
import { defineJob } from '../platform/jobs/queue.js';

export function chatOfflineDigestJob(deps: { notices: Pick<OfflineNotices, 'sendDigest'> }) {
  return defineJob('chat-offline-digest', { retryLimit: 3, retryDelay: 60, expireInSeconds: 10 * 60 }, async (payload, context) => {
    const told = await deps.notices.sendDigest(new Date(payload.since));
    if (told) context.log.info({ conversations: told }, 'chat: support team told of the waiting chats');
  });
}
