// HTTP for notifications: the paged list and its read marks (spec section 7
// `list-user-notifications`, `update-notification-status`), the email choices, and the
// unsubscribe link from the emails (a small page in the recipient's language, no sign-in).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  notificationListQuerySchema,
  notificationListSchema,
  notificationPreferencesSchema,
  notificationPreferencesViewSchema,
  NOTIFICATION_TYPES,
  type NotificationType,
  updateNotificationStatusSchema,
} from '@ipsv/contracts/notifications';
import { AppError } from '../../platform/app-error.js';
import { signedIn } from '../session/actor.js';
import type { SessionService } from '../session/session.service.js';
import { emailTexts, fillTemplate } from '../auth/auth-emails.js';
import type { NotificationsService } from './notifications.service.js';

const unsubscribeQuery = z.object({ u: z.string().min(1).max(100), t: z.string().min(1).max(60), s: z.string().min(1).max(100) });
const isNotificationType = (type: string): type is NotificationType => (NOTIFICATION_TYPES as readonly string[]).includes(type);
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A plain page for people who followed an email link (no app, no sign-in). */
function page(title: string, body: string, lang: string): string {
  return `<!doctype html><html lang="${escapeHtml(lang)}"><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title><body style="font-family:system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem;line-height:1.5"><h1>${escapeHtml(title)}</h1>${body}</body></html>`;
}

export function notificationsRoutes(deps: { notifications: NotificationsService; sessions: SessionService }): FastifyPluginAsyncZod {
  const { notifications } = deps;
  const tags = ['notifications'];
  const requireSignedIn = signedIn(deps.sessions);

  return async (app) => {
    app.get(
      '/api/notifications',
      {
        onRequest: requireSignedIn,
        schema: {
          tags,
          summary: 'My notifications, newest first, paged (5 a page by default)',
          querystring: notificationListQuerySchema,
          response: { 200: notificationListSchema },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return notifications.list(request.actor, request.query.pageNumber, request.query.pageSize);
      },
    );

    app.post(
      '/api/notifications/status',
      {
        onRequest: requireSignedIn,
        schema: { tags, summary: 'Mark one notification read, or all of them (update_all)', body: updateNotificationStatusSchema },
      },
      async (request, reply) => {
        await notifications.updateStatus(request.actor, request.body);
        return reply.code(204).send();
      },
    );

    app.get(
      '/api/notifications/preferences',
      {
        onRequest: requireSignedIn,
        schema: { tags, summary: 'My email choice per kind of notification', response: { 200: notificationPreferencesViewSchema } },
      },
      async (request) => notifications.preferences(request.actor),
    );

    app.put(
      '/api/notifications/preferences',
      {
        onRequest: requireSignedIn,
        schema: { tags, summary: 'Change my email choices', body: notificationPreferencesSchema, response: { 200: notificationPreferencesViewSchema } },
      },
      async (request) => notifications.savePreferences(request.actor, request.body),
    );

    // The email's link: a page that asks, and a form that turns that email off. No sign-in: the
    // signature proves the link came from us for this user and this kind of notification.
    app.get(
      '/api/notifications/unsubscribe',
      { schema: { tags, summary: 'Unsubscribe page (from an email link)', querystring: unsubscribeQuery } },
      async (request, reply) => {
        const { u, t, s } = request.query;
        const language = await notifications.unsubscribeLanguage(u);
        const texts = emailTexts(language).notifications;
        reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
        // Only our own types: `t in texts.types` would also take "constructor" or "__proto__".
        if (!isNotificationType(t))
          return reply.code(400).send(page(texts.unsubscribePage.title, `<p>${escapeHtml(texts.unsubscribePage.invalid)}</p>`, language ?? 'en-US'));
        const typeName = fillTemplate(texts.types[t].subject, { title: '…', requester: '…', version: '…' });
        return page(
          texts.unsubscribePage.title,
          `<p>${escapeHtml(fillTemplate(texts.unsubscribePage.question, { type: typeName }))}</p><form method="post"><input type="hidden" name="u" value="${escapeHtml(u)}"><input type="hidden" name="t" value="${escapeHtml(t)}"><input type="hidden" name="s" value="${escapeHtml(s)}"><button type="submit">${escapeHtml(texts.unsubscribePage.confirm)}</button></form>`,
          language ?? 'en-US',
        );
      },
    );

    app.register(async (form) => {
      form.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) =>
        done(null, Object.fromEntries(new URLSearchParams(body as string))),
      );
      form.post(
        '/api/notifications/unsubscribe',
        { schema: { tags, summary: 'Turn that email off (the unsubscribe page’s form)', body: unsubscribeQuery } },
        async (request, reply) => {
          const { u, t, s } = request.body as z.infer<typeof unsubscribeQuery>;
          reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
          try {
            const { type, language } = await notifications.unsubscribe(u, t, s);
            const texts = emailTexts(language).notifications;
            const typeName = fillTemplate(texts.types[type].subject, { title: '…', requester: '…', version: '…' });
            return page(texts.unsubscribePage.title, `<p>${escapeHtml(fillTemplate(texts.unsubscribePage.done, { type: typeName }))}</p>`, language ?? 'en-US');
          } catch (error) {
            if (!(error instanceof AppError)) throw error;
            const texts = emailTexts(null).notifications;
            return reply.code(400).send(page(texts.unsubscribePage.title, `<p>${escapeHtml(texts.unsubscribePage.invalid)}</p>`, 'en-US'));
          }
        },
      );
    });
  };
}
