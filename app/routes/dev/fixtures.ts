/**
 * Test data for the browser tests (ADR 0025). `POST /dev/fixtures` makes an account of the asked
 * kind with the project's factories — a member, a Premium member, a supporter of a creator, a
 * creator (with maps of 30 published spots unless told otherwise, and posts if asked) or an admin — signs it in with
 * better-auth's own email sign-in, and answers with its details and the session cookie better-auth
 * set. A spec makes its own people and maps this way instead of signing up through the mailbox,
 * and instead of sharing the demo accounts other specs change.
 *
 * It exists only when the process was started with E2E_FIXTURES=on — set by playwright.config.ts
 * for the test server and by nobody else: deliberately not a setting of env.server.ts, so it is
 * not in .env.example for an operator to find — and then only for this machine (like /dev/mailbox)
 * and never in a deployment (APP_MODE=production, or a PUBLIC_URL that is not loopback). Anything
 * else gets the 404 page, before the request's body is read.
 */
import { randomUUID } from "node:crypto";
import { hashPassword } from "better-auth/crypto";
import { and, eq, inArray, isNull } from "drizzle-orm";
import { z } from "zod";
import { createMap, createPost, createProfile } from "#db/seed/factories";
import { account, categories, creatorSupporters, platformSubscriptions, profiles, user as users } from "#db/schema";
import { dbContext } from "~/lib/db-context.server";
import type { Database } from "~/lib/db.server";
import { deploymentReason } from "~/lib/embedded-defaults.server";
import { env } from "~/lib/env.server";
import { notFound } from "~/lib/http-errors";
import { requireLoopback } from "~/lib/loopback.server";
import { getAuth } from "~/modules/auth/auth.server";
import { authHeaders } from "~/modules/auth/session.server";
import { ENTITLED_STATUSES } from "~/modules/memberships";
import { advanceLocalMemberships } from "~/modules/memberships/manage.server";
import { upsertSubscription } from "~/modules/memberships/subscriptions.server";
import type { Route } from "./+types/fixtures";

/**
 * "session": one more session for an existing account (`email`, `password`), made by no one else.
 * "end-memberships": the account at `email` loses its memberships at once, ended as the local
 * provider ends a cancelled one when its period is over (its signed-in session stays).
 */
const KINDS = ["member", "premium", "supporter", "creator", "admin", "session", "end-memberships"] as const;

const input = z.object({
  kind: z.enum(KINDS),
  /** Names the account's address (`{prefix}-{random}@example.com`) unless `email` is given. */
  prefix: z
    .string()
    .regex(/^[a-z0-9-]{1,40}$/)
    .default("user"),
  email: z.email().optional(),
  password: z.string().min(8).default("correct horse 42"),
  /** Supporter: the handle of the creator supported. */
  supports: z.string().optional(),
  /** Creator: the handle (default: made from the prefix); "none" for a creator who has not chosen one yet. */
  handle: z.string().optional(),
  /** Creator: the first map's title (the others add their number); default "Map {n} of {handle}". */
  title: z.string().min(1).max(120).optional(),
  /** Creator: how many maps, and how many published spots each (default one map of 30 spots). */
  maps: z.coerce.number().int().min(0).max(5).default(1),
  spots: z.coerce.number().int().min(0).max(60).default(30),
  /** Creator: whether the maps are published (default on). */
  published: z.enum(["on", "off"]).default("on"),
  /** Creator: the second spot is Premium and the third supporters-only (default off). */
  gated: z.enum(["on", "off"]).default("off"),
  /**
   * Creator: three published posts, a public, a Premium and a supporters-only one (default off).
   * Each body is a teaser paragraph, then a paragraph with a marker only its readers may see.
   */
  posts: z.enum(["on", "off"]).default("off"),
  /**
   * Creator: the spots in two of the site's categories, alternately (comma-separated slugs, e.g.
   * "food,coffee"); each map's spots are then spread over a city rather than along one street.
   */
  categories: z
    .string()
    .regex(/^[a-z0-9-]+(,[a-z0-9-]+)*$/)
    .optional(),
});

function enabled(): boolean {
  return process.env.E2E_FIXTURES === "on" && deploymentReason(env()) === undefined;
}

export function loader({ request }: Route.LoaderArgs): never {
  notFound(request);
}

/**
 * One hash per password for every account this process makes: a hash is a tenth of a second of
 * scrypt, and the browser suite makes about 150 accounts with the same test password. Each hash
 * still verifies as any other (its salt is its own), so signing in is the same.
 */
const hashes = new Map<string, Promise<string>>();
function passwordHash(password: string): Promise<string> {
  let hash = hashes.get(password);
  if (!hash) hashes.set(password, (hash = hashPassword(password)));
  return hash;
}

export async function action({ request, context }: Route.ActionArgs) {
  if (!enabled()) notFound(request);
  requireLoopback(request, context);
  const parsed = input.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return Response.json({ error: z.prettifyError(parsed.error) }, { status: 400 });
  const options = parsed.data;
  const db = context.get(dbContext);
  if (options.kind === "session") {
    if (!options.email) return Response.json({ error: "email: which account" }, { status: 400 });
    return signedIn(request, context, { email: options.email.toLowerCase(), password: options.password }, {});
  }

  if (options.kind === "end-memberships") {
    if (!options.email) return Response.json({ error: "email: which account" }, { status: 400 });
    return Response.json({ ended: await endFixtureMemberships(db, options.email.toLowerCase()) }, { headers: { "Cache-Control": "no-store" } });
  }

  const tag = `${Date.now().toString(36)}${randomUUID().slice(0, 6)}`;
  const email = (options.email ?? `${options.prefix}-${tag}@example.com`).toLowerCase();
  const name = email.split("@")[0];
  const creator = options.kind === "creator";
  const handle = creator ? (options.handle === "none" ? null : (options.handle ?? `${options.prefix.replace(/[^a-z0-9]/g, "_").slice(0, 15)}_${tag}`)) : null;

  // What sign-up leaves behind (a verified user, its profile, a password), made directly.
  const { user, profile } = await createProfile(
    db,
    creator
      ? { handle, displayName: `Creator ${tag}`, isCreator: true, isOnboarded: true, isPublished: true, bioText: "I map the places I love." }
      : { handle: null, displayName: name, isPublished: false, isAdmin: options.kind === "admin" },
    { email, name, emailVerified: true },
  );
  await db
    .insert(account)
    .values({ id: randomUUID(), accountId: user.id, providerId: "credential", userId: user.id, password: await passwordHash(options.password) });

  const maps = [];
  const categoryIds = options.categories ? await siteCategoryIds(db, options.categories.split(",")) : null;
  if (categoryIds && categoryIds.length === 0) return Response.json({ error: "categories: no site category has those slugs" }, { status: 400 });
  if (creator) {
    for (let i = 0; i < options.maps; i++) {
      const published = options.published === "on";
      const { map, spots } = await createMap(
        db,
        {
          title: options.title ? `${options.title}${i ? ` ${i + 1}` : ""}` : `Map ${i + 1} of ${handle ?? tag}`,
          isPublished: published,
          publishedAt: published ? new Date() : null,
        },
        {
          ownerId: user.id,
          spots: options.spots,
          // Far from every demo city (Ushuaia), so specs that read the demo content near a place
          // (Explore's "near me", a city's spots) never meet another spec's maps.
          spotOverrides: (position) => ({
            // With categories: around a city (a few kilometres, not a line), so each pin stands apart.
            lat: categoryIds ? -54.8 + ((position * 7) % 11) * 0.003 : -54.8 + position * 0.001,
            lng: categoryIds ? -68.3 + ((position * 5) % 13) * 0.004 : -68.3 + position * 0.001,
            categoryId: categoryIds ? categoryIds[position % categoryIds.length] : null,
            address: `Test street ${position + 1}, Ushuaia`,
            visibility: options.gated === "on" && position === 1 ? "premium" : options.gated === "on" && position === 2 ? "supporters" : "public",
          }),
        },
      );
      maps.push({
        id: map.id,
        slug: map.currentSlug,
        title: map.title,
        spots: spots.map((s) => ({ id: s.id, slug: s.slug, name: s.name, visibility: s.visibility, lat: s.lat, lng: s.lng })),
      });
    }
  }

  const posts = [];
  if (creator && options.posts === "on") {
    for (const [i, visibility] of (["public", "premium", "supporters"] as const).entries()) {
      const teaser = `The ${visibility} teaser of ${tag}.`;
      const secret = `${visibility}-body-${tag}`;
      const post = await createPost(db, user.id, {
        title: `A ${visibility} post ${tag}`,
        visibility,
        bodyMarkdown: `${teaser}\n\nOnly its readers see this: ${secret}.`,
        // A second apart, newest last: the supporters-only post is the newest.
        publishedAt: new Date(Date.now() - (3 - i) * 1000),
      });
      posts.push({ id: post.id, slug: post.slug, title: post.title, visibility, teaser, secret });
    }
  }

  if (options.kind === "premium" || options.kind === "supporter") {
    let creatorId: string | null = null;
    if (options.kind === "supporter") {
      const [supported] = options.supports ? await db.select({ id: profiles.id }).from(profiles).where(eq(profiles.handle, options.supports)).limit(1) : [];
      if (!supported) return Response.json({ error: "supports: no creator has that handle" }, { status: 400 });
      creatorId = supported.id;
    }
    const month = 30 * 24 * 60 * 60 * 1000;
    await upsertSubscription(db, {
      provider: "local",
      providerSubscriptionId: `fixture_${tag}`,
      providerCustomerId: null,
      userId: user.id,
      tier: options.kind === "premium" ? "premium" : "supporter",
      creatorId,
      interval: "month",
      priceId: options.kind === "premium" ? env().PRICE_PREMIUM_MONTH_ID : env().PRICE_SUPPORTER_MONTH_ID,
      status: "active",
      trialEnd: null,
      currentPeriodEnd: new Date(Date.now() + month),
      cancelAtPeriodEnd: false,
      canceledAt: null,
    });
  }

  return signedIn(request, context, { email, password: options.password }, { userId: user.id, handle, displayName: profile.displayName, maps, posts });
}

/**
 * Ends the memberships the account at `email` has with the local provider (the fixtures' own) the
 * way that provider ends any: cancelled, their period over now, and its clock run
 * (advanceLocalMemberships, which the server runs every minute). How many were ended.
 */
async function endFixtureMemberships(db: Database, email: string): Promise<number> {
  const [owner] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  if (!owner) return 0;
  const now = new Date();
  const ending = { cancelAtPeriodEnd: true, currentPeriodEnd: now };
  const running = (table: typeof platformSubscriptions | typeof creatorSupporters) =>
    and(eq(table.userId, owner.id), eq(table.provider, "local"), inArray(table.status, [...ENTITLED_STATUSES]));
  const ended = await db.transaction(async (tx) => [
    ...(await tx.update(platformSubscriptions).set(ending).where(running(platformSubscriptions)).returning({ id: platformSubscriptions.id })),
    ...(await tx.update(creatorSupporters).set(ending).where(running(creatorSupporters)).returning({ id: creatorSupporters.id })),
  ]);
  await advanceLocalMemberships(db, now);
  return ended.length;
}

/** The ids of the site-wide categories with these slugs, in the order given (unknown slugs left out). */
async function siteCategoryIds(db: Database, slugs: string[]): Promise<string[]> {
  const rows = await db
    .select({ id: categories.id, slug: categories.slug })
    .from(categories)
    .where(and(inArray(categories.slug, slugs), isNull(categories.ownerId)));
  return slugs.flatMap((slug) => rows.filter((r) => r.slug === slug).map((r) => r.id));
}

/** The session as a login makes it (better-auth signs the cookie), and the account's details. */
async function signedIn(request: Request, context: Route.ActionArgs["context"], credentials: { email: string; password: string }, details: object) {
  const { headers, response: signIn } = await getAuth(context.get(dbContext)).api.signInEmail({
    body: { ...credentials, rememberMe: true },
    headers: authHeaders(request, context),
    returnHeaders: true,
  });
  const response = Response.json(
    { userId: signIn.user.id, ...credentials, handle: null, maps: [], posts: [], ...details },
    { headers: { "Cache-Control": "no-store" } },
  );
  for (const cookie of headers.getSetCookie()) response.headers.append("Set-Cookie", cookie);
  return response;
}
