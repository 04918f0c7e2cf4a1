/**
 * Stopping being a creator, as the Creator Terms (section 9) describe it:
 * the maps are unpublished, the Supporters' subscriptions end at the close of
 * the period already paid (no renewal), and the balance is paid in the next
 * payout run (Creator Compensation, section 6). Plus the creator's own copy
 * of their work: every map as GeoJSON, in one zip.
 *
 * The payment provider is told first: a Supporter subscription at Stripe is
 * set to cancel at period end there (its webhook sync writes our row). If the
 * provider refuses one, those already changed are put back and nothing else
 * happens, so a creator is never half-gone. Then one transaction makes the
 * rest true on our side.
 */
import { and, asc, eq, inArray } from "drizzle-orm";
import { strToU8, zipSync } from "fflate";
import type { Database, Transaction } from "~/lib/db.server";
import { logger } from "~/lib/logger.server";
import { mapGeoJson } from "~/modules/exports/index.server";
import type { Entitlements } from "~/modules/gate";
import { RENEWING_STATUSES } from "~/modules/memberships";
import type { PaymentProvider, ProviderSubscriptionRef } from "~/modules/memberships";
import { creatorSupporters, maps, profiles } from "#db/schema";

export interface LeavingPreview {
  publishedMaps: { id: string; title: string }[];
  draftMaps: number;
  supportersToCancel: number;
}

export async function leavingPreview(db: Database, creatorId: string): Promise<LeavingPreview> {
  const [own, renewing] = await Promise.all([
    db.select({ id: maps.id, title: maps.title, isPublished: maps.isPublished }).from(maps).where(eq(maps.ownerId, creatorId)).orderBy(asc(maps.title)),
    renewingSupports(db, creatorId),
  ]);
  return {
    publishedMaps: own.filter((m) => m.isPublished).map(({ id, title }) => ({ id, title })),
    draftMaps: own.filter((m) => !m.isPublished).length,
    supportersToCancel: renewing.length,
  };
}

export type RenewingSupport = Awaited<ReturnType<typeof renewingSupports>>[number];

export function renewingSupports(db: Database | Transaction, creatorId: string) {
  return db
    .select({
      id: creatorSupporters.id,
      provider: creatorSupporters.provider,
      providerSubscriptionId: creatorSupporters.providerSubscriptionId,
      providerCustomerId: creatorSupporters.providerCustomerId,
    })
    .from(creatorSupporters)
    .where(
      and(
        eq(creatorSupporters.creatorId, creatorId),
        inArray(creatorSupporters.status, [...RENEWING_STATUSES]),
        eq(creatorSupporters.cancelAtPeriodEnd, false),
      ),
    );
}

export type LeaveResult = { ok: true; unpublishedMaps: number; canceledSupports: number } | { ok: false; status: 502; error: string };

export const PROVIDER_UNREACHABLE =
  "We could not reach the payment provider to cancel your Supporters' renewals. Nothing has changed; please try again in a moment.";

/**
 * Tell the payment provider that every renewing Supporter subscription at Stripe ends at the close
 * of its paid period; if it refuses one, those already changed are put back. Leaving and an admin
 * undoing an approval both start with this.
 */
export async function stopRenewalsAtProvider(provider: PaymentProvider, creatorId: string, supports: RenewingSupport[]): Promise<boolean> {
  const atStripe: ProviderSubscriptionRef[] = supports
    .filter((s) => s.provider === "stripe" && s.providerSubscriptionId)
    .map((s) => ({ provider: "stripe", providerSubscriptionId: s.providerSubscriptionId!, providerCustomerId: s.providerCustomerId }));
  const told: ProviderSubscriptionRef[] = [];
  try {
    for (const ref of atStripe) {
      await provider.changeSubscription(ref, { cancelAtPeriodEnd: true });
      told.push(ref);
    }
    return true;
  } catch (error) {
    logger.error({ err: error, creatorId }, "stopping a creator's Supporter renewals: the provider refused a cancellation; undoing");
    for (const ref of told) await provider.changeSubscription(ref, { cancelAtPeriodEnd: false }).catch(() => undefined);
    return false;
  }
}

/** In the caller's transaction: the creator's renewing supports (those the provider was told of) end at period end. */
export async function endRenewals(tx: Transaction, creatorId: string, supports: RenewingSupport[], now: Date): Promise<number> {
  if (supports.length === 0) return 0;
  const canceled = await tx
    .update(creatorSupporters)
    .set({ cancelAtPeriodEnd: true, canceledAt: now, updatedAt: now })
    .where(
      and(
        eq(creatorSupporters.creatorId, creatorId),
        inArray(creatorSupporters.status, [...RENEWING_STATUSES]),
        inArray(
          creatorSupporters.id,
          supports.map((s) => s.id),
        ),
      ),
    )
    .returning({ id: creatorSupporters.id });
  return canceled.length;
}

export async function stopBeingCreator(db: Database, provider: PaymentProvider, creatorId: string): Promise<LeaveResult> {
  const supports = await renewingSupports(db, creatorId);
  if (!(await stopRenewalsAtProvider(provider, creatorId, supports))) return { ok: false, status: 502, error: PROVIDER_UNREACHABLE };

  return db.transaction(async (tx) => {
    const now = new Date();
    await tx.update(profiles).set({ isCreator: false, updatedAt: now }).where(eq(profiles.id, creatorId));
    const unpublished = await tx
      .update(maps)
      .set({ isPublished: false, updatedAt: now })
      .where(and(eq(maps.ownerId, creatorId), eq(maps.isPublished, true)))
      .returning({ id: maps.id });
    // Every renewing support ends at period end; Stripe's rows were also set by its sync, this makes it certain.
    const canceled = await endRenewals(tx, creatorId, supports, now);
    return { ok: true as const, unpublishedMaps: unpublished.length, canceledSupports: canceled };
  });
}

/** Every map of the creator (drafts and draft spots included), one GeoJSON FeatureCollection per map, zipped. */
export async function allMapsZip(db: Database, creatorId: string, site: string): Promise<Uint8Array> {
  const owner: Entitlements = { userId: creatorId, isAdmin: false, hasActiveSubscription: false, supportedCreatorIds: [] };
  const own = await db.select({ id: maps.id }).from(maps).where(eq(maps.ownerId, creatorId)).orderBy(asc(maps.currentSlug));
  const files: Record<string, Uint8Array> = {};
  for (const map of own) {
    const exported = await mapGeoJson(db, map.id, owner, site);
    if (exported) files[`${exported.currentSlug}.geojson`] = strToU8(`${JSON.stringify(exported.collection, null, 2)}\n`);
  }
  return zipSync(files);
}
