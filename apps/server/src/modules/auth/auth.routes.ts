// HTTP for the sign-in flows: parse with the contracts schemas, call the service, set cookies.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  activeSessionsResponseSchema,
  authProvidersResponseSchema,
  confirmCodeBodySchema,
  currentPasswordBodySchema,
  emailBodySchema,
  newPasswordBodySchema,
  resetPasswordBodySchema,
  signInBodySchema,
  signInResultSchema,
  signUpBodySchema,
  totpSetupResponseSchema,
  type FederatedProvider,
} from '@ipsv/contracts/auth';
import { errorBodySchema } from '@ipsv/contracts/errors';
import { callerOf, requireSession, sendCookies } from '../session/session.http.js';
import type { SessionService } from '../session/session.service.js';
import type { AuthService } from './auth.service.js';

const signInStepReply = { 200: signInResultSchema, 400: errorBodySchema, 401: errorBodySchema, 429: errorBodySchema };
const noContent = { 204: z.null().describe('Done') };
const secondFactorBodySchema = z.object({
  // A 6-digit TOTP code, or a backup code (letters and digits with a dash).
  code: z.string().trim().regex(/^([0-9]{6}|[A-Za-z0-9]{5}-?[A-Za-z0-9]{5})$/, 'Enter the 6-digit code'),
});
const sixDigitBodySchema = z.object({ code: confirmCodeBodySchema.shape.code });

export function authRoutes(deps: {
  auth: AuthService;
  sessions: SessionService;
  providers: { id: FederatedProvider; name: string }[];
}): FastifyPluginAsyncZod {
  const { auth, sessions } = deps;
  return async (app) => {
    const tags = ['auth'];

    app.get(
      '/api/auth/providers',
      { schema: { tags, summary: 'Federated sign-in providers that are configured', response: { 200: authProvidersResponseSchema } } },
      async () => ({ providers: deps.providers }),
    );

    app.post(
      '/api/auth/sign-up',
      { schema: { tags, summary: 'Create an account; a confirmation code is emailed', body: signUpBodySchema, response: noContent } },
      async (request, reply) => {
        await auth.signUp(callerOf(request), request.body);
        return reply.status(204).send(null);
      },
    );

    app.post(
      '/api/auth/confirm-sign-up',
      { schema: { tags, summary: 'Confirm sign-up with the emailed code, then sign in', body: confirmCodeBodySchema, response: signInStepReply } },
      async (request, reply) => {
        const { value, cookies } = await auth.confirmSignUp(callerOf(request), request.body.email, request.body.code);
        sendCookies(reply, cookies);
        return value;
      },
    );

    app.post(
      '/api/auth/resend-code',
      { schema: { tags, summary: 'Email a new sign-up confirmation code', body: emailBodySchema, response: noContent } },
      async (request, reply) => {
        await auth.resendSignUpCode(callerOf(request), request.body.email);
        return reply.status(204).send(null);
      },
    );

    app.post(
      '/api/auth/sign-in',
      { schema: { tags, summary: 'Sign in with email and password; answers the next step', body: signInBodySchema, response: signInStepReply } },
      async (request, reply) => {
        const { value, cookies } = await auth.signIn(callerOf(request), request.body.email, request.body.password);
        sendCookies(reply, cookies);
        return value;
      },
    );

    app.post(
      '/api/auth/confirm-sign-in',
      { schema: { tags, summary: 'The second factor: authenticator or backup code', body: secondFactorBodySchema, response: signInStepReply } },
      async (request, reply) => {
        const { value, cookies } = await auth.confirmSignIn(callerOf(request), request.body.code);
        sendCookies(reply, cookies);
        return value;
      },
    );

    app.post(
      '/api/auth/new-password',
      { schema: { tags, summary: 'Replace a temporary password at first sign-in', body: newPasswordBodySchema, response: signInStepReply } },
      async (request, reply) => {
        const { value, cookies } = await auth.completeNewPassword(callerOf(request), request.body.challenge, request.body.password);
        sendCookies(reply, cookies);
        return value;
      },
    );

    app.post(
      '/api/auth/forgot-password',
      { schema: { tags, summary: 'Email a password reset code', body: emailBodySchema, response: noContent } },
      async (request, reply) => {
        await auth.forgotPassword(callerOf(request), request.body.email);
        return reply.status(204).send(null);
      },
    );

    app.post(
      '/api/auth/reset-password',
      { schema: { tags, summary: 'Set a new password with the emailed code', body: resetPasswordBodySchema, response: noContent } },
      async (request, reply) => {
        await auth.resetPassword(callerOf(request), request.body.email, request.body.code, request.body.password);
        return reply.status(204).send(null);
      },
    );

    app.post(
      '/api/auth/verify-contact/send',
      { schema: { tags, summary: 'Email a code to verify the signed-in user’s address', response: noContent } },
      async (request, reply) => {
        const { user } = await requireSession(sessions, request);
        await auth.sendContactCode(callerOf(request), user.id);
        return reply.status(204).send(null);
      },
    );

    app.post(
      '/api/auth/verify-contact/confirm',
      { schema: { tags, summary: 'Verify the signed-in user’s address with the code', body: sixDigitBodySchema, response: noContent } },
      async (request, reply) => {
        const { user } = await requireSession(sessions, request);
        await auth.confirmContact(callerOf(request), user.id, request.body.code);
        return reply.status(204).send(null);
      },
    );

    app.post(
      '/api/auth/sign-out-everywhere',
      { schema: { tags, summary: 'Revoke every session of the signed-in user', response: noContent } },
      async (request, reply) => {
        await requireSession(sessions, request);
        const { cookies } = await auth.signOutEverywhere(callerOf(request));
        sendCookies(reply, cookies);
        return reply.status(204).send(null);
      },
    );

    app.get(
      '/api/auth/sessions',
      { schema: { tags, summary: 'Active sessions of the signed-in user', response: { 200: activeSessionsResponseSchema } } },
      async (request, reply) => {
        const { user, sessionId } = await requireSession(sessions, request);
        reply.header('cache-control', 'no-store');
        return { sessions: await auth.listSessions(user.id, sessionId) };
      },
    );

    app.delete(
      '/api/auth/sessions/:sessionId',
      { schema: { tags, summary: 'Revoke one of my sessions', params: z.object({ sessionId: z.string().min(1).max(100) }), response: noContent } },
      async (request, reply) => {
        const { user } = await requireSession(sessions, request);
        await auth.revokeSession(user.id, request.params.sessionId);
        return reply.status(204).send(null);
      },
    );

    app.post(
      '/api/auth/totp/setup',
      { schema: { tags, summary: 'Start authenticator setup (password required)', body: currentPasswordBodySchema, response: { 200: totpSetupResponseSchema } } },
      async (request, reply) => {
        await requireSession(sessions, request);
        reply.header('cache-control', 'no-store');
        return auth.startTotpSetup(callerOf(request), request.body.password);
      },
    );

    app.post(
      '/api/auth/totp/confirm',
      { schema: { tags, summary: 'Turn the authenticator on with a first code', body: sixDigitBodySchema, response: noContent } },
      async (request, reply) => {
        await requireSession(sessions, request);
        const { cookies } = await auth.confirmTotpSetup(callerOf(request), request.body.code);
        sendCookies(reply, cookies);
        return reply.status(204).send(null);
      },
    );

    app.post(
      '/api/auth/totp/disable',
      { schema: { tags, summary: 'Turn the authenticator off (password required)', body: currentPasswordBodySchema, response: noContent } },
      async (request, reply) => {
        await requireSession(sessions, request);
        const { cookies } = await auth.disableTotp(callerOf(request), request.body.password);
        sendCookies(reply, cookies);
        return reply.status(204).send(null);
      },
    );
  };
}
