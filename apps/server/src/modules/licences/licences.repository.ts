// SQL for licensing: a video's licence, viewers' licence requests and the provider's answers, each
// change written to the append-only audit table in the same transaction. Never decides permissions.
import { aliasedTable, and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Licence } from '@ipsv/contracts/licences';
import { auditEvents, licenceRequests, users, videos } from '../../db/schema.js';
import type { Db } from '../../platform/database/database.js';

export type LicenceRequestRow = typeof licenceRequests.$inferSelect;

const name = (first: string, last: string) => `${first} ${last}`.trim();

export function createLicencesRepository(db: Db) {
  const requester = aliasedTable(users, 'requester');
  const owner = aliasedTable(users, 'owner');

  const list = async (where: SQL | undefined) => {
    const rows = await db
      .select({
        request: licenceRequests,
        videoTitle: sql<string>`coalesce(nullif(${videos.title}, ''), ${videos.fileName})`,
        ownerId: videos.ownerId,
        requester: { firstName: requester.firstName, lastName: requester.lastName, email: requester.email },
        owner: { firstName: owner.firstName, lastName: owner.lastName, email: owner.email },
      })
      .from(licenceRequests)
      .innerJoin(videos, eq(videos.id, licenceRequests.videoId))
      .innerJoin(requester, eq(requester.id, licenceRequests.requesterId))
      .innerJoin(owner, eq(owner.id, videos.ownerId))
      .where(where)
      .orderBy(desc(licenceRequests.createdAt), desc(licenceRequests.id));
    return rows.map((r) => ({
      ...r,
      requester: { name: name(r.requester.firstName, r.requester.lastName), email: r.requester.email },
      owner: { name: name(r.owner.firstName, r.owner.lastName), email: r.owner.email },
    }));
  };
  type Listed = Awaited<ReturnType<typeof list>>[number];

  return {
    async setLicence(videoId: string, from: Licence, to: Licence, actorId: string): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.update(videos).set({ licence: to, updatedAt: new Date() }).where(eq(videos.id, videoId));
        await tx.insert(auditEvents).values({ videoId, actorId, action: 'licence.changed', details: { from, to } });
      });
    },

    async pendingOf(videoId: string, requesterId: string): Promise<LicenceRequestRow | null> {
      const [row] = await db
        .select()
        .from(licenceRequests)
        .where(and(eq(licenceRequests.videoId, videoId), eq(licenceRequests.requesterId, requesterId), eq(licenceRequests.status, 'pending')));
      return row ?? null;
    },

    async create(values: { videoId: string; requesterId: string; licence: Licence; institution: string; purpose: string; duration: string }): Promise<number> {
      return db.transaction(async (tx) => {
        const [row] = await tx.insert(licenceRequests).values(values).returning({ id: licenceRequests.id });
        await tx.insert(auditEvents).values({
          videoId: values.videoId,
          actorId: values.requesterId,
          action: 'licence.requested',
          details: { requestId: row!.id, institution: values.institution, purpose: values.purpose, duration: values.duration },
        });
        return row!.id;
      });
    },

    async find(id: number): Promise<LicenceRequestRow | null> {
      const [row] = await db.select().from(licenceRequests).where(eq(licenceRequests.id, id));
      return row ?? null;
    },

    /** Answers a pending request; false when it was answered already. */
    async decide(request: LicenceRequestRow, answer: { accept: boolean; terms: string | null }, actorId: string, at: Date): Promise<boolean> {
      return db.transaction(async (tx) => {
        const rows = await tx
          .update(licenceRequests)
          .set({ status: answer.accept ? 'accepted' : 'declined', terms: answer.terms, decidedAt: at, decidedBy: actorId })
          .where(and(eq(licenceRequests.id, request.id), eq(licenceRequests.status, 'pending')))
          .returning({ id: licenceRequests.id });
        if (rows.length === 0) return false;
        await tx.insert(auditEvents).values({
          videoId: request.videoId,
          actorId,
          action: answer.accept ? 'licence.accepted' : 'licence.declined',
          details: { requestId: request.id, requesterId: request.requesterId, ...(answer.terms ? { terms: answer.terms } : {}) },
        });
        return true;
      });
    },

    /** Requests for the videos of `ownerId`. */
    forOwner: (ownerId: string): Promise<Listed[]> => list(eq(videos.ownerId, ownerId)),
    /** Requests `requesterId` sent. */
    forRequester: (requesterId: string): Promise<Listed[]> => list(eq(licenceRequests.requesterId, requesterId)),
    one: async (id: number): Promise<Listed | null> => (await list(eq(licenceRequests.id, id)))[0] ?? null,

    async hasAccepted(videoId: string, userId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: licenceRequests.id })
        .from(licenceRequests)
        .where(and(eq(licenceRequests.videoId, videoId), eq(licenceRequests.requesterId, userId), eq(licenceRequests.status, 'accepted')))
        .limit(1);
      return row !== undefined;
    },
  };
}

export type LicencesRepository = ReturnType<typeof createLicencesRepository>;
export type ListedLicenceRequest = Awaited<ReturnType<LicencesRepository['forOwner']>>[number];
