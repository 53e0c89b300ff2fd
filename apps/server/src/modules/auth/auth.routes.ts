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
import { signedIn } from '../session/actor.js';
import { callerOf, sendCookies } from '../session/session.http.js';
import type { SessionService } from '../session/session.service.js';
import type { AuthSessionsService } from './auth-sessions.service.js';
import type { ContactVerificationService } from './contact-verification.service.js';
import type { PasswordResetService } from './password-reset.service.js';
import type { SignInService } from './sign-in.service.js';
import type { SignUpService } from './sign-up.service.js';
import type { TwoFactorService } from './two-factor.service.js';

export interface AuthServices {
  signUp: SignUpService;
  signIn: SignInService;
  passwordReset: PasswordResetService;
  contact: ContactVerificationService;
  sessions: AuthSessionsService;
  twoFactor: TwoFactorService;
}

const signInStepReply = { 200: signInResultSchema, 400: errorBodySchema, 401: errorBodySchema, 429: errorBodySchema };
const noContent = { 204: z.null().describe('Done') };
const secondFactorBodySchema = z.object({
  // A 6-digit TOTP code, or a backup code (letters and digits with a dash).
  code: z
    .string()
    .trim()
    .regex(/^([0-9]{6}|[A-Za-z0-9]{5}-?[A-Za-z0-9]{5})$/, 'Enter the 6-digit code'),
});
const sixDigitBodySchema = z.object({ code: confirmCodeBodySchema.shape.code });

export function authRoutes(deps: {
  auth: AuthServices;
  sessions: SessionService;
  providers: { id: FederatedProvider; name: string }[];
}): FastifyPluginAsyncZod {
  const { auth } = deps;
  const requireSignedIn = signedIn(deps.sessions);
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
        await auth.signUp.signUp(callerOf(request), request.body);
        return reply.status(204).send(null);
      },
    );

    app.post(
      '/api/auth/confirm-sign-up',
      { schema: { tags, summary: 'Confirm sign-up with the emailed code, then sign in', body: confirmCodeBodySchema, response: signInStepReply } },
      async (request, reply) => {
        const { value, cookies } = await auth.signUp.confirmSignUp(callerOf(request), request.body.email, request.body.code);
        sendCookies(reply, cookies);
        return value;
      },
    );

    app.post(
      '/api/auth/resend-code',
      { schema: { tags, summary: 'Email a new sign-up confirmation code', body: emailBodySchema, response: noContent } },
      async (request, reply) => {
        await auth.signUp.resendSignUpCode(callerOf(request), request.body.email);
        return reply.status(204).send(null);
      },
    );

    app.post(
      '/api/auth/sign-in',
      { schema: { tags, summary: 'Sign in with email and password; answers the next step', body: signInBodySchema, response: signInStepReply } },
      async (request, reply) => {
        const { value, cookies } = await auth.signIn.signIn(callerOf(request), request.body.email, request.body.password);
        sendCookies(reply, cookies);
        return value;
      },
    );

    app.post(
      '/api/auth/confirm-sign-in',
      { schema: { tags, summary: 'The second factor: authenticator or backup code', body: secondFactorBodySchema, response: signInStepReply } },
      async (request, reply) => {
        const { value, cookies } = await auth.signIn.confirmSignIn(callerOf(request), request.body.code);
        sendCookies(reply, cookies);
        return value;
      },
    );

    app.post(
      '/api/auth/new-password',
      { schema: { tags, summary: 'Replace a temporary password at first sign-in', body: newPasswordBodySchema, response: signInStepReply } },
      async (request, reply) => {
        const { value, cookies } = await auth.signIn.completeNewPassword(callerOf(request), request.body.challenge, request.body.password);
        sendCookies(reply, cookies);
        return value;
      },
    );

    app.post(
      '/api/auth/forgot-password',
      { schema: { tags, summary: 'Email a password reset code', body: emailBodySchema, response: noContent } },
      async (request, reply) => {
        await auth.passwordReset.forgotPassword(callerOf(request), request.body.email);
        return reply.status(204).send(null);
      },
    );

    app.post(
      '/api/auth/reset-password',
      { schema: { tags, summary: 'Set a new password with the emailed code', body: resetPasswordBodySchema, response: noContent } },
      async (request, reply) => {
        await auth.passwordReset.resetPassword(callerOf(request), request.body.email, request.body.code, request.body.password);
        return reply.status(204).send(null);
      },
    );

    app.post(
      '/api/auth/verify-contact/send',
      { onRequest: requireSignedIn, schema: { tags, summary: 'Email a code to verify the signed-in user’s address', response: noContent } },
      async (request, reply) => {
        await auth.contact.sendContactCode(callerOf(request), request.actor.id);
        return reply.status(204).send(null);
      },
    );

    app.post(
      '/api/auth/verify-contact/confirm',
      {
        onRequest: requireSignedIn,
        schema: { tags, summary: 'Verify the signed-in user’s address with the code', body: sixDigitBodySchema, response: noContent },
      },
      async (request, reply) => {
        await auth.contact.confirmContact(callerOf(request), request.actor.id, request.body.code);
        return reply.status(204).send(null);
      },
    );

    app.post(
      '/api/auth/sign-out-everywhere',
      { onRequest: requireSignedIn, schema: { tags, summary: 'Revoke every session of the signed-in user', response: noContent } },
      async (request, reply) => {
        const { cookies } = await auth.sessions.signOutEverywhere(callerOf(request));
        sendCookies(reply, cookies);
        return reply.status(204).send(null);
      },
    );

    app.get(
      '/api/auth/sessions',
      { onRequest: requireSignedIn, schema: { tags, summary: 'Active sessions of the signed-in user', response: { 200: activeSessionsResponseSchema } } },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return { sessions: await auth.sessions.listSessions(request.actor.id, request.sessionId) };
      },
    );

    app.delete(
      '/api/auth/sessions/:sessionId',
      {
        onRequest: requireSignedIn,
        schema: { tags, summary: 'Revoke one of my sessions', params: z.object({ sessionId: z.string().min(1).max(100) }), response: noContent },
      },
      async (request, reply) => {
        await auth.sessions.revokeSession(request.actor.id, request.params.sessionId);
        return reply.status(204).send(null);
      },
    );

    app.post(
      '/api/auth/totp/setup',
      {
        onRequest: requireSignedIn,
        schema: { tags, summary: 'Start authenticator setup (password required)', body: currentPasswordBodySchema, response: { 200: totpSetupResponseSchema } },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return auth.twoFactor.startTotpSetup(callerOf(request), request.actor, request.body.password);
      },
    );

    app.post(
      '/api/auth/totp/confirm',
      { onRequest: requireSignedIn, schema: { tags, summary: 'Turn the authenticator on with a first code', body: sixDigitBodySchema, response: noContent } },
      async (request, reply) => {
        const { cookies } = await auth.twoFactor.confirmTotpSetup(callerOf(request), request.actor, request.body.code);
        sendCookies(reply, cookies);
        return reply.status(204).send(null);
      },
    );

    app.post(
      '/api/auth/totp/disable',
      {
        onRequest: requireSignedIn,
        schema: { tags, summary: 'Turn the authenticator off (password required)', body: currentPasswordBodySchema, response: noContent },
      },
      async (request, reply) => {
        const { cookies } = await auth.twoFactor.disableTotp(callerOf(request), request.actor, request.body.password);
        sendCookies(reply, cookies);
        return reply.status(204).send(null);
      },
    );
  };
}
