// Profiles, terms acceptance, profile pictures and roles. Every permission is decided here: a user
// changes only their own profile; only an admin lists users, changes roles or decides requests.
import { randomBytes } from 'node:crypto';
import { passwordViolations } from '@ipsv/contracts/auth';
import type { z } from 'zod';
import {
  PROFILE_PICTURE_MAX_BYTES,
  TERMS_VERSION,
  type AdminUser,
  type Profile,
  type ProfileDetails,
  type PublicProfile,
  type Role,
  type updateProfileBodySchema,
} from '@ipsv/contracts/users';
import { AppError } from '../../platform/app-error.js';
import type { Auth } from '../../platform/auth/auth.js';
import type { Mailer } from '../../platform/mail/mail.js';
import { UnsupportedImage, type ImageNormaliser } from '../../platform/media/image-normaliser.js';
import type { Notifier } from '../notifications/notifier.js';
import type { Storage } from '../../platform/storage/storage.js';
import { accountCreatedEmail, providerDecisionEmail } from '../auth/auth-emails.js';
import type { UserRow, UsersRepository } from './users.repository.js';

export interface Actor {
  id: string;
  role: Role;
}

/** The picture's address changes with its key, so browsers may cache each version for long. */
export function pictureUrl(userId: string, key: string | null): string | null {
  if (!key) return null;
  const version =
    key
      .split('_')
      .at(-1)
      ?.replace(/\.png$/, '') ?? '';
  return `/api/users/${encodeURIComponent(userId)}/picture?v=${encodeURIComponent(version)}`;
}

const toProfile = (row: UserRow): Profile => ({
  id: row.id,
  email: row.email,
  firstName: row.firstName,
  lastName: row.lastName,
  phoneNumber: row.phoneNumber,
  role: row.role,
  pictureUrl: pictureUrl(row.id, row.pictureKey),
  twoFactorEnabled: row.twoFactorEnabled,
  termsAccepted: row.termsVersion === TERMS_VERSION,
  termsAcceptedVersion: row.termsVersion,
  providerRequest: row.providerRequest,
  details: detailsOf(row),
});

const detailsOf = (row: UserRow): ProfileDetails => ({
  middleName: row.middleName,
  nickname: row.nickname,
  preferredUsername: row.preferredUsername,
  website: row.website,
  profile: row.profileUrl,
  specialty: row.specialty,
  biography: row.biography,
});

const toPublicProfile = (row: UserRow): PublicProfile => ({
  id: row.id,
  firstName: row.firstName,
  lastName: row.lastName,
  role: row.role,
  pictureUrl: pictureUrl(row.id, row.pictureKey),
  details: detailsOf(row),
});

const toAdminUser = (row: UserRow): AdminUser => ({
  id: row.id,
  email: row.email,
  firstName: row.firstName,
  lastName: row.lastName,
  role: row.role,
  emailVerified: row.emailVerified,
  createdAt: row.createdAt.toISOString(),
  providerRequest: row.providerRequest,
  disabled: row.disabledAt !== null,
});

/** A temporary password that meets every rule (spec section 5), so the user can type it. */
export function temporaryPassword(): string {
  for (;;) {
    const candidate = `${randomBytes(9).toString('base64url')}a7Z!`;
    if (passwordViolations(candidate).length === 0) return candidate;
  }
}

export interface UsersServiceDeps {
  users: UsersRepository;
  storage: Storage;
  images: ImageNormaliser;
  mailer: Mailer;
  auth: Auth;
  publicUrl: string;
  /** The requester hears about the decision on their provider request (in the app, and by email when chosen). */
  notifier?: Notifier;
  now?: () => Date;
}

export function createUsersService({ users, storage, images, mailer, auth, publicUrl, notifier, now = () => new Date() }: UsersServiceDeps) {
  const requireAdmin = (actor: Actor) => {
    if (actor.role !== 'admin') throw new AppError('ADMIN_ONLY');
  };
  const load = async (id: string) => {
    const row = await users.findById(id);
    if (!row) throw new AppError('USER_NOT_FOUND');
    return row;
  };

  return {
    async profile(actor: Actor): Promise<Profile> {
      return toProfile(await load(actor.id));
    },

    async publicProfile(userId: string): Promise<PublicProfile> {
      return toPublicProfile(await load(userId));
    },

    async updateProfile(actor: Actor, targetId: string, values: z.output<typeof updateProfileBodySchema>) {
      if (actor.id !== targetId) throw new AppError('OWN_PROFILE_ONLY');
      const { profile, ...rest } = values;
      const row = await users.update(targetId, {
        ...Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== undefined)),
        ...(profile === undefined ? {} : { profileUrl: profile }),
        name: `${values.firstName} ${values.lastName}`,
      });
      if (!row) throw new AppError('USER_NOT_FOUND');
      return toProfile(row);
    },

    async acceptTerms(actor: Actor, version: string): Promise<Profile> {
      if (version !== TERMS_VERSION) {
        throw new AppError('TERMS_CHANGED');
      }
      const row = await users.update(actor.id, { termsVersion: TERMS_VERSION, termsAcceptedAt: now() });
      if (!row) throw new AppError('USER_NOT_FOUND');
      return toProfile(row);
    },

    /** Checks, square-crops and resizes the picture to 256 px PNG, then replaces the old one. */
    async setPicture(actor: Actor, targetId: string, data: Buffer): Promise<Profile> {
      if (actor.id !== targetId) throw new AppError('OWN_PROFILE_ONLY');
      if (data.length > PROFILE_PICTURE_MAX_BYTES) throw new AppError('PICTURE_TOO_LARGE');
      let png: Buffer;
      try {
        png = await images.normalise(data, 'profilePicture');
      } catch (error) {
        if (error instanceof UnsupportedImage) throw new AppError('PICTURE_TYPE');
        throw error;
      }
      const previous = (await load(targetId)).pictureKey;
      // Spec section 7: user id, 'profile_picture' and a timestamp, ending .png.
      const key = `profile-pictures/${targetId}_profile_picture_${now().getTime()}.png`;
      await storage.put(key, png, 'image/png');
      const row = await users.update(targetId, { pictureKey: key });
      if (previous && previous !== key) await storage.delete(previous);
      return toProfile(row ?? (await load(targetId)));
    },

    async removePicture(actor: Actor, targetId: string): Promise<Profile> {
      if (actor.id !== targetId) throw new AppError('OWN_PROFILE_ONLY');
      const previous = (await load(targetId)).pictureKey;
      const row = await users.update(targetId, { pictureKey: null });
      if (previous) await storage.delete(previous);
      return toProfile(row ?? (await load(targetId)));
    },

    /** Any signed-in user may see any user's picture (it appears beside their videos). */
    async picture(userId: string) {
      const row = await users.findById(userId);
      if (!row?.pictureKey) return null;
      return storage.get(row.pictureKey);
    },

    async requestProviderRole(actor: Actor): Promise<Profile> {
      const row = await load(actor.id);
      if (row.role !== 'viewer') throw new AppError('ALREADY_PROVIDER');
      if (row.providerRequest === 'pending') return toProfile(row);
      const updated = await users.update(actor.id, { providerRequest: 'pending', providerRequestedAt: now() });
      return toProfile(updated ?? row);
    },

    async listUsers(actor: Actor, query: { search?: string; pendingOnly?: boolean; page: number; pageSize: number }) {
      requireAdmin(actor);
      const { rows, total } = await users.list({
        search: query.search,
        pendingOnly: query.pendingOnly,
        offset: (query.page - 1) * query.pageSize,
        limit: query.pageSize,
      });
      return { users: rows.map(toAdminUser), total };
    },

    async setRole(actor: Actor, targetId: string, role: Role): Promise<AdminUser> {
      requireAdmin(actor);
      const target = await load(targetId);
      if (target.role === 'admin' && role !== 'admin' && target.disabledAt === null && (await users.countByRole('admin')) <= 1) {
        throw new AppError('LAST_ADMIN');
      }
      const row = await users.update(targetId, {
        role,
        // A decided request is closed by any role change that grants upload rights.
        ...(role !== 'viewer' ? { providerRequest: 'none' as const } : {}),
      });
      return toAdminUser(row ?? target);
    },

    /**
     * Disables an account (sign-in refused, every session ended, which closes its sockets) or
     * enables it again. Nobody disables their own account, nor the last enabled administrator.
     */
    async setDisabled(actor: Actor, targetId: string, disabled: boolean): Promise<AdminUser> {
      requireAdmin(actor);
      const target = await load(targetId);
      if (disabled && target.id === actor.id) throw new AppError('OWN_ACCOUNT');
      if (disabled && target.role === 'admin' && (await users.countByRole('admin')) <= 1) throw new AppError('LAST_ADMIN');
      if (disabled === (target.disabledAt !== null)) return toAdminUser(target);
      const row = await users.update(targetId, { disabledAt: disabled ? now() : null });
      // The sessions table's trigger tells every process to close the sockets of these sessions.
      if (disabled) await users.deleteSessionsOf(targetId);
      return toAdminUser(row ?? target);
    },

    async decideProviderRequest(actor: Actor, targetId: string, approve: boolean): Promise<AdminUser> {
      requireAdmin(actor);
      const target = await load(targetId);
      if (target.providerRequest !== 'pending') throw new AppError('NO_PENDING_REQUEST');
      const row = await users.update(
        targetId,
        approve ? { role: target.role === 'viewer' ? 'provider' : target.role, providerRequest: 'none' } : { providerRequest: 'rejected' },
      );
      if (notifier)
        await notifier.notify(targetId, 'provider_role_decided', { decision: approve ? 'approved' : 'rejected' }, approve ? '/upload' : '/analytics/pi');
      else await mailer.send(providerDecisionEmail(target, approve, publicUrl));
      return toAdminUser(row ?? target);
    },

    /** Creates an account with a temporary password, emailed to the user (forced new password). */
    async createUser(actor: Actor, values: { email: string; firstName: string; lastName: string; role: Role; language?: string }): Promise<AdminUser> {
      requireAdmin(actor);
      if (await users.findByEmail(values.email)) {
        throw new AppError('ACCOUNT_EXISTS');
      }
      const password = temporaryPassword();
      const { user } = await auth.api.signUpEmail({
        body: {
          email: values.email,
          password,
          name: `${values.firstName} ${values.lastName}`,
          firstName: values.firstName,
          lastName: values.lastName,
          language: values.language,
        },
      });
      const row = await users.update(user.id, { role: values.role, registration: 'admin', mustChangePassword: true });
      await mailer.send(accountCreatedEmail({ ...values }, password, publicUrl));
      return toAdminUser(row ?? (await load(user.id)));
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
