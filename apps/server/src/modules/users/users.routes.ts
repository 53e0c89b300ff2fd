// HTTP for profiles, pictures, terms and the admin's user management.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  acceptTermsBodySchema,
  adminUserSchema,
  adminUsersQuerySchema,
  adminUsersResponseSchema,
  createUserBodySchema,
  decideProviderRequestBodySchema,
  PROFILE_PICTURE_MAX_BYTES,
  profileSchema,
  publicProfileSchema,
  setDisabledBodySchema,
  setRoleBodySchema,
  updateProfileBodySchema,
} from '@ipsv/contracts/users';
import { AppError, validationError } from '../../platform/app-error.js';
import { signedIn } from '../session/actor.js';
import type { SessionService } from '../session/session.service.js';
import type { UsersService } from './users.service.js';

const userIdParams = z.object({ userId: z.string().min(1).max(100) });

export function usersRoutes(deps: { users: UsersService; sessions: SessionService }): FastifyPluginAsyncZod {
  const { users, sessions } = deps;

  return async (app) => {
    // Every route here is for signed-in users; who is asking is settled before the body is read.
    app.addHook('onRequest', signedIn(sessions));
    // Pictures arrive as the raw image body; the service checks what it really is.
    app.addContentTypeParser(
      ['image/png', 'image/jpeg', 'image/webp', 'application/octet-stream'],
      { parseAs: 'buffer', bodyLimit: PROFILE_PICTURE_MAX_BYTES + 1 },
      (_request, body, done) => done(null, body),
    );
    const tags = ['users'];

    app.get('/api/profile', { schema: { tags, summary: 'My profile', response: { 200: profileSchema } } }, async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return users.profile(request.actor);
    });

    app.post(
      '/api/profile/terms',
      { schema: { tags, summary: 'Accept the current terms version', body: acceptTermsBodySchema, response: { 200: profileSchema } } },
      async (request) => users.acceptTerms(request.actor, request.body.version),
    );

    app.post(
      '/api/profile/provider-request',
      { schema: { tags, summary: 'Ask to become a video provider', response: { 200: profileSchema } } },
      async (request) => users.requestProviderRole(request.actor),
    );

    app.get(
      '/api/users/:userId',
      { schema: { tags, summary: 'A user’s public profile', params: userIdParams, response: { 200: publicProfileSchema } } },
      async (request) => users.publicProfile(request.params.userId),
    );

    app.patch(
      '/api/users/:userId',
      { schema: { tags, summary: 'Change my name', params: userIdParams, body: updateProfileBodySchema, response: { 200: profileSchema } } },
      async (request) => users.updateProfile(request.actor, request.params.userId, request.body),
    );

    app.put(
      '/api/users/:userId/picture',
      {
        schema: { tags, summary: 'Set my profile picture (PNG, JPEG or WebP, at most 5 MB)', params: userIdParams, response: { 200: profileSchema } },
        // Refuse an oversized picture from its declared size, before reading it.
        onRequest: async (request) => {
          if (Number(request.headers['content-length'] ?? 0) > PROFILE_PICTURE_MAX_BYTES) {
            throw new AppError('PICTURE_TOO_LARGE');
          }
        },
      },
      async (request) => {
        const body = request.body;
        if (!Buffer.isBuffer(body)) throw validationError('Send the picture as the request body.');
        return users.setPicture(request.actor, request.params.userId, body);
      },
    );

    app.delete(
      '/api/users/:userId/picture',
      { schema: { tags, summary: 'Go back to the default picture', params: userIdParams, response: { 200: profileSchema } } },
      async (request) => users.removePicture(request.actor, request.params.userId),
    );

    app.get('/api/users/:userId/picture', { schema: { tags, summary: 'A user’s profile picture (PNG)', params: userIdParams } }, async (request, reply) => {
      const picture = await users.picture(request.params.userId);
      if (!picture) throw new AppError('PICTURE_NOT_FOUND');
      reply.header('content-type', 'image/png');
      reply.header('content-length', picture.size);
      // The URL carries the version, so a changed picture has a new address.
      reply.header('cache-control', 'private, max-age=31536000, immutable');
      return reply.send(picture.stream);
    });

    app.get(
      '/api/admin/users',
      { schema: { tags: ['admin'], summary: 'Users (admin)', querystring: adminUsersQuerySchema, response: { 200: adminUsersResponseSchema } } },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        const { search, pendingOnly, page, pageSize } = request.query;
        return users.listUsers(request.actor, { search, pendingOnly: pendingOnly === 'true', page, pageSize });
      },
    );

    app.post(
      '/api/admin/users',
      {
        schema: {
          tags: ['admin'],
          summary: 'Create a user with an emailed temporary password (admin)',
          body: createUserBodySchema,
          response: { 201: adminUserSchema },
        },
      },
      async (request, reply) => {
        const created = await users.createUser(request.actor, request.body);
        return reply.status(201).send(created);
      },
    );

    app.put(
      '/api/admin/users/:userId/role',
      {
        schema: { tags: ['admin'], summary: 'Change a user’s role (admin)', params: userIdParams, body: setRoleBodySchema, response: { 200: adminUserSchema } },
      },
      async (request) => users.setRole(request.actor, request.params.userId, request.body.role),
    );

    app.put(
      '/api/admin/users/:userId/disabled',
      {
        schema: {
          tags: ['admin'],
          summary: 'Disable an account (sign-in refused, sessions ended) or enable it again (admin)',
          params: userIdParams,
          body: setDisabledBodySchema,
          response: { 200: adminUserSchema },
        },
      },
      async (request) => users.setDisabled(request.actor, request.params.userId, request.body.disabled),
    );

    app.post(
      '/api/admin/users/:userId/provider-request',
      {
        schema: {
          tags: ['admin'],
          summary: 'Approve or reject a provider request (admin)',
          params: userIdParams,
          body: decideProviderRequestBodySchema,
          response: { 200: adminUserSchema },
        },
      },
      async (request) => users.decideProviderRequest(request.actor, request.params.userId, request.body.approve),
    );
  };
}
