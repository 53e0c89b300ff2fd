// Notifications and the support chat on the real server and PostgreSQL, with a real SMTP receiver:
// paging by 5 with the spec's counters, read marks, email per preference and the unsubscribe link,
// the daily digest and clean-up, delivery through LISTEN/NOTIFY to a socket held by a second API
// process, and the chat's validation, rate limits, anonymous visitors and their merge on sign-in.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import {
  CHAT_EMPTY_MESSAGE,
  CHAT_TOO_LONG_MESSAGE,
  type VisitorConversation,
  type SupportConversationDetail,
  type SupportConversationList,
} from '@ipsv/contracts/chat';
import type { NotificationList, NotificationPreferencesView } from '@ipsv/contracts/notifications';
import { chatCleanupJob } from '../src/jobs/chat-cleanup.job.js';
import { notificationsDailyJob } from '../src/jobs/notifications-daily.job.js';
import { createChatRepository } from '../src/modules/chat/chat.repository.js';
import { createLivePublisher } from '../src/modules/live/live-publisher.js';
import { createNotifier, type Notifier } from '../src/modules/notifications/notifier.js';
import { createNotificationsRepository } from '../src/modules/notifications/notifications.repository.js';
import { createVideosRepository } from '../src/modules/videos/videos.repository.js';
import { createLocalStorage, type Storage } from '../src/platform/storage/storage.js';
import { loadAuthSecret } from '../src/platform/auth/auth.js';
import type { JobContext } from '../src/platform/jobs/queue.js';
import { buildTestApp, createWebDist, TEST_PUBLIC_URL } from './helpers/build-test-app.js';
import { startSmtpReceiver, type SmtpReceiver } from './helpers/smtp-receiver.js';
import { createTestDatabase, type TestDatabase } from './helpers/test-database.js';
import { signedInUser, type TestUser } from './helpers/video-journey.js';
import { videoInState } from './helpers/video-states.js';

let database: TestDatabase;
let smtp: SmtpReceiver;
let webDist: string;
/** Two API processes on one database, as a scaled-out installation runs them. */
let first: FastifyInstance;
let second: FastifyInstance;
let firstBase: string;
let secondBase: string;
let notifier: Notifier;
let storage: Storage;
let mediaDir: string;
let provider: TestUser;
let viewer: TestUser;
let supportPerson: TestUser;
let admin: TestUser;
const userIds: Record<string, string> = {};
const silent = { info() {}, warn() {}, error() {} } as unknown as JobContext['log'];
const jobContext = { log: silent } as JobContext;

const baseOf = (app: FastifyInstance) => {
  const address = app.server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
};

/** A socket on `/api/live` of `base`, collecting every event it receives. */
async function liveSocket(base: string, headers: Record<string, string>, protocol?: string) {
  const events: { type: string; [key: string]: unknown }[] = [];
  const ws = new WebSocket(`${base.replace('http', 'ws')}/api/live`, protocol, { headers: { origin: base, ...headers } });
  ws.on('message', (data) => events.push(JSON.parse(String(data)) as { type: string }));
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
    ws.once('unexpected-response', (_request, response) => reject(new Error(`live socket refused: ${response.statusCode}`)));
  });
  return {
    events,
    async waitFor(predicate: (event: { type: string; [key: string]: unknown }) => boolean, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const found = events.find(predicate);
        if (found) return found;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      throw new Error(`no such live event within ${timeoutMs} ms; got ${JSON.stringify(events)}`);
    },
    close: () => ws.close(),
  };
}

/** An anonymous visitor's browser: its random id and secret, sent on every chat call. */
function visitor(id: string, secret = `${id}-secret-0123456789abcdefghij`) {
  const header = { 'x-chat-visitor': `${id}.${secret}` };
  return {
    id,
    secret,
    call: (method: string, url: string, body?: unknown) =>
      fetch(`${firstBase}${url}`, {
        method,
        headers: { origin: firstBase, ...header, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
  };
}

beforeAll(async () => {
  database = await createTestDatabase();
  smtp = await startSmtpReceiver();
  webDist = await createWebDist();
  mediaDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ipsv-notify-media-'));
  storage = createLocalStorage(mediaDir);
  first = await buildTestApp(database, webDist, { mailer: smtp.mailer(), rateLimitScale: 1, storage });
  second = await buildTestApp(database, webDist, { mailer: smtp.mailer(), rateLimitScale: 1 });
  await first.listen({ port: 0, host: '127.0.0.1' });
  await second.listen({ port: 0, host: '127.0.0.1' });
  firstBase = baseOf(first);
  secondBase = baseOf(second);
  const server = { base: () => firstBase, smtp, pool: database.pool };
  provider = await signedInUser(server, 'provider@notify.org', 'provider');
  viewer = await signedInUser(server, 'viewer@notify.org', 'viewer');
  supportPerson = await signedInUser(server, 'support@notify.org', 'support');
  admin = await signedInUser(server, 'admin@notify.org', 'admin');
  for (const user of [provider, viewer, supportPerson, admin]) {
    const { rows } = await database.pool.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [user.email]);
    userIds[user.email] = rows[0]!.id;
  }
  notifier = createNotifier({
    notifications: createNotificationsRepository(database.db),
    live: createLivePublisher(database.db),
    mailer: smtp.mailer(),
    publicUrl: TEST_PUBLIC_URL,
    secret: await loadAuthSecret(database.db, undefined),
    log: { warn() {} },
  });
}, 120_000);

afterAll(async () => {
  await first?.close();
  await second?.close();
  await smtp?.close();
  await database?.drop();
  await fs.rm(webDist, { recursive: true, force: true });
  await fs.rm(mediaDir, { recursive: true, force: true });
});

describe('the notification list', () => {
  it('pages by 5, newest first, with the total and the unread count, and marks one or all read', async () => {
    const id = userIds['viewer@notify.org']!;
    for (let i = 1; i <= 7; i += 1) await notifier.notify(id, 'access_decided', { title: `Video ${i}`, decision: 'granted' }, `/video/v${i}`);

    const page1 = await viewer.json<NotificationList>('GET', '/api/notifications');
    expect(page1.total).toBe(7);
    expect(page1.total_unread_messages).toBe(7);
    expect(page1.notifications.map((n) => n.params.title)).toEqual(['Video 7', 'Video 6', 'Video 5', 'Video 4', 'Video 3']);
    const page2 = await viewer.json<NotificationList>('GET', '/api/notifications?pageNumber=2');
    expect(page2.notifications.map((n) => n.params.title)).toEqual(['Video 2', 'Video 1']);
    expect((await viewer.json<NotificationList>('GET', '/api/notifications?pageNumber=3')).notifications).toEqual([]);

    expect((await viewer.call('POST', '/api/notifications/status', { notificationId: page1.notifications[0]!.id })).status).toBe(204);
    const afterOne = await viewer.json<NotificationList>('GET', '/api/notifications');
    expect(afterOne.total_unread_messages).toBe(6);
    expect(afterOne.notifications[0]!.read).toBe(true);
    expect(afterOne.notifications[1]!.read).toBe(false);

    expect((await viewer.call('POST', '/api/notifications/status', { update_all: true })).status).toBe(204);
    const afterAll = await viewer.json<NotificationList>('GET', '/api/notifications');
    expect(afterAll.total).toBe(7);
    expect(afterAll.total_unread_messages).toBe(0);
  });

  it('shows a user only their own notifications, and nobody can mark someone else’s', async () => {
    await notifier.notify(userIds['provider@notify.org']!, 'review_ready', { title: 'Lap chole' }, '/edit-pii/x');
    const mine = await provider.json<NotificationList>('GET', '/api/notifications');
    expect(mine.notifications.map((n) => n.type)).toEqual(['review_ready']);
    const theirs = mine.notifications[0]!.id;

    const refused = await viewer.call('POST', '/api/notifications/status', { notificationId: theirs });
    expect(refused.status).toBe(404);
    expect((await provider.json<NotificationList>('GET', '/api/notifications')).total_unread_messages).toBe(1);
    expect((await viewer.json<NotificationList>('GET', '/api/notifications')).notifications.some((n) => n.id === theirs)).toBe(false);
  });

  it('refuses bad paging and bad ids with a clear message and no change', async () => {
    expect((await viewer.call('GET', '/api/notifications?pageSize=500')).status).toBe(400);
    expect((await viewer.call('GET', '/api/notifications?pageNumber=-1')).status).toBe(400);
    const bad = await viewer.call('POST', '/api/notifications/status', { notificationId: "1' OR 1=1" });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('Not a notification id');
    expect((await fetch(`${firstBase}/api/notifications`)).status).toBe(401);
  });

  it('an administrator’s decision on a provider request reaches the requester in the app and by email', async () => {
    const applicant = await signedInUser({ base: () => firstBase, smtp, pool: database.pool }, 'applicant@notify.org', 'viewer');
    await applicant.json('POST', '/api/profile/provider-request');
    const { rows } = await database.pool.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [applicant.email]);
    const before = smtp.countFor(applicant.email);
    await admin.json('POST', `/api/admin/users/${rows[0]!.id}/provider-request`, { approve: true });
    const list = await applicant.json<NotificationList>('GET', '/api/notifications');
    expect(list.notifications[0]).toMatchObject({ type: 'provider_role_decided', params: { decision: 'approved' }, link: '/upload', read: false });
    const mail = await smtp.waitFor(applicant.email, { since: before });
    expect(mail.text).toContain(`${TEST_PUBLIC_URL}/upload`);
  });
});

describe('video events', () => {
  it('a request to watch a private video tells its owner once, naming who asked', async () => {
    const video = await videoInState({ videos: createVideosRepository(database.db), storage }, userIds['provider@notify.org']!, 'private');
    const before = (await provider.json<NotificationList>('GET', '/api/notifications')).total;
    expect((await viewer.call('POST', `/api/videos/${video.id}/access-requests`)).status).toBe(204);
    expect((await viewer.call('POST', `/api/videos/${video.id}/access-requests`)).status).toBe(204);
    const list = await provider.json<NotificationList>('GET', '/api/notifications');
    expect(list.total).toBe(before + 1);
    expect(list.notifications[0]).toMatchObject({
      type: 'access_requested',
      params: { title: video.title, requester: viewer.email },
      link: '/analytics/whitelist',
    });
  });
});

describe('email choices', () => {
  it('offers each role its own types with sensible defaults', async () => {
    const providerChoices = await provider.json<NotificationPreferencesView>('GET', '/api/notifications/preferences');
    const viewerChoices = await viewer.json<NotificationPreferencesView>('GET', '/api/notifications/preferences');
    const choice = (view: NotificationPreferencesView, type: string) => view.email.find((item) => item.type === type)?.choice;
    expect(choice(providerChoices, 'review_ready')).toBe('immediately');
    expect(choice(providerChoices, 'video_published')).toBe('daily');
    expect(choice(viewerChoices, 'review_ready')).toBeUndefined();
    expect(choice(viewerChoices, 'access_decided')).toBe('immediately');
  });

  it('emails at once, not at all, or in the daily digest, as the user chose', async () => {
    const id = userIds['provider@notify.org']!;
    const email = provider.email;
    await provider.json('PUT', '/api/notifications/preferences', { email: { review_ready: 'off', video_failed: 'immediately', video_published: 'daily' } });

    let count = smtp.countFor(email);
    await notifier.notify(id, 'review_ready', { title: 'Quiet one' }, '/edit-pii/q');
    await notifier.notify(id, 'video_failed', { title: 'Broken one', reason: 'disk full' }, '/progress');
    const failed = await smtp.waitFor(email, { since: count });
    expect(failed.subject).toContain('Broken one');
    expect(failed.text).toContain('/api/notifications/unsubscribe?');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.countFor(email)).toBe(count + 1);

    await notifier.notify(id, 'video_published', { title: 'Digest A' }, '/video/a');
    await notifier.notify(id, 'video_published', { title: 'Digest B' }, '/video/b');
    await new Promise((resolve) => setTimeout(resolve, 300));
    count = smtp.countFor(email);
    const daily = notificationsDailyJob({
      notifications: createNotificationsRepository(database.db),
      mailer: smtp.mailer(),
      publicUrl: TEST_PUBLIC_URL,
      secret: () => loadAuthSecret(database.db, undefined),
      retentionDays: 30,
    });
    await daily.run({}, jobContext);
    const digest = await smtp.waitFor(email, { since: count });
    expect(digest.text).toContain('Digest A');
    expect(digest.text).toContain('Digest B');
    expect(digest.text).not.toContain('Quiet one');
    // Sent once: a second run has nothing new to send.
    await daily.run({}, jobContext);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.countFor(email)).toBe(count + 1);
  });

  it('the email’s unsubscribe link works without signing in and turns off only that type', async () => {
    const id = userIds['viewer@notify.org']!;
    const before = smtp.countFor(viewer.email);
    await notifier.notify(id, 'support_replied', { text: 'We fixed it' }, '/?chat=open');
    const mail = await smtp.waitFor(viewer.email, { since: before });
    const link = /(http\S+\/api\/notifications\/unsubscribe\?\S+)/.exec(mail.text)![1]!.replace(TEST_PUBLIC_URL, firstBase);
    const query = new URL(link).searchParams;

    const page = await fetch(link);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<form method="post"');

    const forged = await fetch(`${firstBase}/api/notifications/unsubscribe`, {
      method: 'POST',
      headers: { origin: firstBase, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ u: id, t: 'access_decided', s: query.get('s')! }).toString(),
    });
    expect(forged.status).toBe(400);

    const done = await fetch(`${firstBase}/api/notifications/unsubscribe`, {
      method: 'POST',
      headers: { origin: firstBase, 'content-type': 'application/x-www-form-urlencoded' },
      body: query.toString(),
    });
    expect(done.status).toBe(200);
    const choices = await viewer.json<NotificationPreferencesView>('GET', '/api/notifications/preferences');
    expect(choices.email.find((item) => item.type === 'support_replied')?.choice).toBe('off');
    expect(choices.email.find((item) => item.type === 'access_decided')?.choice).toBe('immediately');
  });

  it('refuses an unknown type or choice and stores nothing', async () => {
    const response = await viewer.call('PUT', '/api/notifications/preferences', { email: { review_ready: 'weekly' } });
    expect(response.status).toBe(400);
    const choices = await viewer.json<NotificationPreferencesView>('GET', '/api/notifications/preferences');
    expect(choices.email.find((item) => item.type === 'access_decided')?.choice).toBe('immediately');
  });

  it('deletes read notifications older than the retention, never unread ones', async () => {
    const id = userIds['admin@notify.org']!;
    await notifier.notify(id, 'feedback_answered', { title: 'old read' }, '/analytics/sendfeedback');
    await notifier.notify(id, 'feedback_answered', { title: 'old unread' }, '/analytics/sendfeedback');
    await database.pool.query(`UPDATE notifications SET created_at = now() - interval '90 days' WHERE user_id = $1`, [id]);
    await database.pool.query(`UPDATE notifications SET read_at = now() - interval '60 days' WHERE user_id = $1 AND params->>'title' = 'old read'`, [id]);
    await notificationsDailyJob({
      notifications: createNotificationsRepository(database.db),
      mailer: smtp.mailer(),
      publicUrl: TEST_PUBLIC_URL,
      secret: () => loadAuthSecret(database.db, undefined),
      retentionDays: 30,
    }).run({}, jobContext);
    const list = await admin.json<NotificationList>('GET', '/api/notifications');
    expect(list.notifications.map((n) => n.params.title)).toEqual(['old unread']);
  });
});

describe('live delivery across API processes', () => {
  it('a notification made anywhere reaches the user’s socket on another process', async () => {
    const socket = await liveSocket(secondBase, { cookie: provider.cookie() });
    try {
      await notifier.notify(userIds['provider@notify.org']!, 'video_published', { title: 'Live one' }, '/video/live');
      await socket.waitFor((event) => event.type === 'notification');
    } finally {
      socket.close();
    }
  });

  it('a visitor’s message written to one process reaches the support console’s socket on the other, and the reply comes back', async () => {
    const supportSocket = await liveSocket(secondBase, { cookie: supportPerson.cookie() });
    const guest = visitor('liveVisitor1');
    const guestSocket = await liveSocket(secondBase, {}, `ipsv-visitor.${guest.id}.${guest.secret}`);
    try {
      expect((await guest.call('POST', '/api/chat/messages', { text: 'Is anyone there?' })).status).toBe(200);
      const event = await supportSocket.waitFor((e) => e.type === 'chat');
      const conversationId = String(event.conversationId);

      expect((await supportPerson.call('POST', `/api/support/conversations/${conversationId}/typing`)).status).toBe(204);
      await guestSocket.waitFor((e) => e.type === 'chat-typing' && e.by === 'support');
      expect((await supportPerson.call('POST', `/api/support/conversations/${conversationId}/messages`, { text: 'Yes, how can I help?' })).status).toBe(204);
      await guestSocket.waitFor((e) => e.type === 'chat' && e.conversationId === conversationId);
      const seen = (await (await guest.call('GET', '/api/chat')).json()) as VisitorConversation;
      expect(seen.messages.map((m) => [m.text, m.isUser])).toEqual([
        ['Is anyone there?', true],
        ['Yes, how can I help?', false],
      ]);
    } finally {
      supportSocket.close();
      guestSocket.close();
    }
  });
});

describe('the support chat', () => {
  it('refuses empty, whitespace-only and over-long messages with the widget’s words, storing nothing', async () => {
    const guest = visitor('validVisitor');
    for (const text of ['', '   \n  ']) {
      const response = await guest.call('POST', '/api/chat/messages', { text });
      expect(response.status).toBe(400);
      expect(await response.text()).toContain(CHAT_EMPTY_MESSAGE);
    }
    const long = await guest.call('POST', '/api/chat/messages', { text: 'x'.repeat(2001) });
    expect(long.status).toBe(400);
    expect(await long.text()).toContain(CHAT_TOO_LONG_MESSAGE);
    expect(((await (await guest.call('GET', '/api/chat')).json()) as VisitorConversation).id).toBeNull();
    expect((await guest.call('POST', '/api/chat/messages', { text: 'x'.repeat(2000) })).status).toBe(200);
  });

  it('keeps an anonymous conversation to the browser that holds its secret', async () => {
    const owner = visitor('secretVisitr');
    expect((await owner.call('POST', '/api/chat/messages', { text: 'My private question' })).status).toBe(200);
    const impostor = visitor('secretVisitr', 'another-secret-0123456789abcdefghijkl');
    const read = await impostor.call('GET', '/api/chat');
    expect(read.status).toBe(401);
    expect(await read.text()).not.toContain('My private question');
    expect((await impostor.call('POST', '/api/chat/messages', { text: 'let me in' })).status).toBe(401);
    const bad = await fetch(`${firstBase}/api/chat`, { headers: { 'x-chat-visitor': 'short.x' } });
    expect(bad.status).toBe(401);
  });

  it('limits how fast one visitor can write (20 a minute)', async () => {
    const guest = visitor('floodVisitor');
    const statuses: number[] = [];
    for (let i = 0; i < 22; i += 1) statuses.push((await guest.call('POST', '/api/chat/messages', { text: `message ${i}` })).status);
    expect(statuses.slice(0, 20).every((status) => status === 200)).toBe(true);
    expect(statuses.slice(20)).toEqual([429, 429]);
    const conversation = (await (await guest.call('GET', '/api/chat')).json()) as VisitorConversation;
    expect(conversation.messages).toHaveLength(20);
  });

  it('merges what a visitor wrote anonymously into their account when they sign in', async () => {
    const guest = visitor('mergeVisitor');
    expect((await guest.call('POST', '/api/chat/messages', { text: 'I cannot sign in' })).status).toBe(200);
    expect((await viewer.call('POST', '/api/chat/messages', { text: 'Now I can' })).status).toBe(200);
    // Someone else's browser id does not merge.
    expect((await viewer.call('POST', '/api/chat/merge', { id: guest.id, secret: 'wrong-secret-0123456789abcdefghijklm' })).status).toBe(401);
    expect((await viewer.call('POST', '/api/chat/merge', { id: guest.id, secret: guest.secret })).status).toBe(204);
    const mine = await viewer.json<VisitorConversation>('GET', '/api/chat');
    expect(mine.messages.map((m) => m.text)).toEqual(['I cannot sign in', 'Now I can']);
    expect(((await (await guest.call('GET', '/api/chat')).json()) as VisitorConversation).messages).toEqual([]);
  });

  it('emails the support team about a new conversation only while nobody is online', async () => {
    const supportEmail = supportPerson.email;
    await database.pool.query('DELETE FROM support_presence');
    // A new period of offline notices (the chats of the tests before were told in this one).
    await database.pool.query(`DELETE FROM rate_limits WHERE key = 'chat-offline-notice'`);
    let count = smtp.countFor(supportEmail);
    expect((await visitor('offlineVisit').call('POST', '/api/chat/messages', { text: 'Anyone?' })).status).toBe(200);
    const mail = await smtp.waitFor(supportEmail, { since: count });
    expect(mail.text).toContain('Anyone?');
    expect(mail.text).toContain('/support?conversation=');

    expect((await supportPerson.call('POST', '/api/support/presence', { connection: 'console-tab-1', present: true })).status).toBe(204);
    expect(((await (await visitor('onlineVisitr').call('GET', '/api/chat')).json()) as VisitorConversation).online).toBe(true);
    count = smtp.countFor(supportEmail);
    expect((await visitor('onlineVisitr').call('POST', '/api/chat/messages', { text: 'Hello while online' })).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(smtp.countFor(supportEmail)).toBe(count);
    expect((await supportPerson.call('POST', '/api/support/presence', { connection: 'console-tab-1', present: false })).status).toBe(204);
    expect(((await (await visitor('onlineVisitr').call('GET', '/api/chat')).json()) as VisitorConversation).online).toBe(false);
  });

  it('gives the console unread counts, search and context, and a reply to a user who left becomes a notification', async () => {
    await provider.json('POST', '/api/chat/messages', { text: 'Where is my upload?', page: '/progress', language: 'de' });
    const list = await supportPerson.json<SupportConversationList>('GET', `/api/support/conversations?search=${encodeURIComponent('upload')}`);
    const row = list.conversations.find((c) => c.visitor.email === provider.email)!;
    expect(row).toMatchObject({ unread: 1, visitor: { kind: 'user', page: '/progress', language: 'de' } });
    const detail = await supportPerson.json<SupportConversationDetail>('GET', `/api/support/conversations/${row.id}`);
    expect(detail.messages.at(-1)?.text).toBe('Where is my upload?');
    const reread = await supportPerson.json<SupportConversationList>('GET', '/api/support/conversations');
    expect(reread.conversations.find((c) => c.id === row.id)?.unread).toBe(0);

    await database.pool.query(`UPDATE chat_conversations SET visitor_seen_at = now() - interval '10 minutes' WHERE id = $1`, [row.id]);
    const before = smtp.countFor(provider.email);
    expect((await supportPerson.call('POST', `/api/support/conversations/${row.id}/messages`, { text: 'It is ready now' })).status).toBe(204);
    const list2 = await provider.json<NotificationList>('GET', '/api/notifications');
    expect(list2.notifications[0]).toMatchObject({ type: 'support_replied', params: { text: 'It is ready now' } });
    expect((await smtp.waitFor(provider.email, { since: before })).text).toContain('It is ready now');
    const widget = await provider.json<VisitorConversation>('GET', '/api/chat');
    expect(widget.unread).toBe(1);
    expect((await provider.call('POST', '/api/chat/read')).status).toBe(204);
    expect((await provider.json<VisitorConversation>('GET', '/api/chat')).unread).toBe(0);

    // Only the support team uses the console.
    expect((await viewer.call('GET', `/api/support/conversations/${row.id}`)).status).toBe(403);
    expect((await provider.call('POST', `/api/support/conversations/${row.id}/messages`, { text: 'I am support' })).status).toBe(403);
  });

  it('closes and reopens a conversation; expired anonymous conversations are deleted, users’ kept', async () => {
    const guest = visitor('expireVisitr');
    expect((await guest.call('POST', '/api/chat/messages', { text: 'old question' })).status).toBe(200);
    const { rows } = await database.pool.query<{ id: string }>('SELECT id FROM chat_conversations WHERE visitor_id = $1', [guest.id]);
    const id = rows[0]!.id;
    expect((await supportPerson.call('PUT', `/api/support/conversations/${id}/status`, { status: 'closed' })).status).toBe(204);
    const closed = await supportPerson.json<SupportConversationList>('GET', '/api/support/conversations?status=closed');
    expect(closed.conversations.some((c) => c.id === id)).toBe(true);

    await database.pool.query(`UPDATE chat_conversations SET last_message_at = now() - interval '60 days'`);
    await chatCleanupJob({ chat: createChatRepository(database.db), expiryDays: 30 }).run({}, jobContext);
    const left = await database.pool.query<{ user_id: string | null }>('SELECT user_id FROM chat_conversations');
    expect(left.rows.length).toBeGreaterThan(0);
    expect(left.rows.every((row) => row.user_id !== null)).toBe(true);
  });
});
