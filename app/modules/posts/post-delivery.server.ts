/**
 * The publication job: when a post is published (now, or when its scheduled time comes), every
 * active follower and supporter of its creator gets it by email through the outbox, once.
 *
 * Once, with several app instances and across restarts: a due post (published, time reached, not
 * yet emailed, by a published creator) is claimed with `FOR UPDATE SKIP LOCKED` and, in the same
 * transaction, its messages are queued and `emailed_at` is set. Another instance skips the locked
 * row and finds it emailed after the commit; a process killed half-way rolls everything back and
 * the post is still due. Unpublishing keeps `emailed_at`, so publishing again never emails twice;
 * a post deleted before its time is gone before it is due, so it is never sent.
 *
 * What each recipient gets is decided by the gate, in the database, from their memberships at that
 * moment (`userMayReadSql`): the post's body only to those who may read it, the teaser and a link
 * to everyone else. Setting `emailed_at` also bumps the public content version (a trigger on
 * posts), so a page cached before a scheduled post came due is not served after.
 */
import { sql } from "drizzle-orm";
import type { Logger } from "pino";
import type { Database } from "~/lib/db.server";
import { singleton } from "~/lib/singleton.server";
import { siteUrl } from "~/lib/site-url.server";
import { brandFromEnv, kickEmailDelivery, optedOutSql, queueBulkEmail, renderCreatorPostEmail, type RenderedEmail } from "~/modules/email/index.server";
import { userMayReadSql } from "~/modules/gate/index.server";
import { ENTITLED_STATUSES } from "~/modules/memberships";
import { creatorSupporters, followers, posts, profiles, user, type Visibility } from "#db/schema";
import { postEmailBody, postTeaser } from "./post-text.server";

/** The list a follower leaves to stop getting one creator's posts ("creator-posts" leaves them all). */
export const creatorPostsList = (creatorId: string) => `creator-posts:${creatorId}`;
export const ALL_CREATOR_POSTS_LIST = "creator-posts";

type DuePost = {
  id: string;
  creatorId: string;
  title: string;
  slug: string;
  bodyMarkdown: string;
  visibility: Visibility;
  handle: string;
  creatorName: string;
};

const entitled = sql.raw(`(${ENTITLED_STATUSES.map((s) => `'${s}'`).join(", ")})`);

/** Who is lockedFor a post's teaser email says may read it. */
function readersOf(post: DuePost): string {
  return post.visibility === "supporters" ? `supporters of ${post.creatorName}` : "Premium members";
}

/** The post's email, for readers and (unless public) for everyone else. */
function bodiesOf(post: DuePost, url: string): Record<string, RenderedEmail> {
  const brand = brandFromEnv();
  const teaser = postTeaser(post.bodyMarkdown);
  const base = { creatorName: post.creatorName, title: post.title, url, teaser };
  const bodies: Record<string, RenderedEmail> = { full: renderCreatorPostEmail({ ...base, body: postEmailBody(post.bodyMarkdown) }, brand) };
  if (post.visibility !== "public") bodies.teaser = renderCreatorPostEmail({ ...base, body: null, lockedFor: readersOf(post) }, brand);
  return bodies;
}

/**
 * The post's recipients as a query (email, user_id, variant): its creator's active followers and
 * entitled supporters, each once, but not the creator, nor anyone who left the list.
 */
function recipientsOf(post: DuePost) {
  const audience = sql`(
    select f.user_id from ${followers} f where f.creator_id = ${post.creatorId} and f.status = 'active'
    union
    select s.user_id from ${creatorSupporters} s where s.creator_id = ${post.creatorId} and s.status in ${entitled}
  )`;
  const mayRead = userMayReadSql(sql`u.id`, { ownerId: post.creatorId, visibility: post.visibility });
  return sql`
    select u.email, u.id as user_id, case when ${mayRead} then 'full' else 'teaser' end as variant
    from ${user} u
    where u.id in ${audience} and u.id <> ${post.creatorId} and not ${optedOutSql(sql`u.id`, creatorPostsList(post.creatorId))}`;
}

/** Claim one due post, queue its email and mark it emailed, in one transaction; null when none is due. */
async function emailOneDuePost(db: Database, now: Date): Promise<{ postId: string; recipients: number } | null> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.execute<DuePost>(sql`
      select p.id, p.creator_id as "creatorId", p.title, p.slug, p.body_markdown as "bodyMarkdown", p.visibility,
             pr.handle, coalesce(nullif(pr.display_name, ''), pr.handle) as "creatorName"
      from ${posts} p join ${profiles} pr on pr.id = p.creator_id
      where p.emailed_at is null and p.published_at is not null and p.published_at <= ${now.toISOString()}::timestamptz
        and pr.is_published and pr.handle is not null
      order by p.published_at, p.id
      limit 1
      for update of p skip locked`);
    const post = rows[0];
    if (!post) return null;
    const url = `${siteUrl()}/@${post.handle}/posts/${post.slug}`;
    const recipients = await queueBulkEmail(tx, {
      ref: `post:${post.id}`,
      list: creatorPostsList(post.creatorId),
      bodies: bodiesOf(post, url),
      recipients: recipientsOf(post),
    });
    await tx.execute(sql`update ${posts} set emailed_at = now(), email_recipients = ${recipients} where id = ${post.id}`);
    return { postId: post.id, recipients };
  });
}

/** Email every post that has come due; resolves to what was sent out. */
export async function emailDuePosts(db: Database, now: Date = new Date()): Promise<{ posts: number; recipients: number }> {
  let count = 0;
  let recipients = 0;
  for (;;) {
    const done = await emailOneDuePost(db, now);
    if (!done) break;
    count++;
    recipients += done.recipients;
  }
  if (recipients > 0) kickEmailDelivery();
  return { posts: count, recipients };
}

// ---- the job: polls, and runs at once when a post is published -----------------------------

const kicks = singleton("postDeliveryKicks", () => new Set<() => void>());

/** Email a just-published post now rather than at the next poll (no-op when no job runs in this process). */
export function kickPostDelivery(): void {
  for (const kick of kicks) kick();
}

export interface PostDeliveryJob {
  stop(): Promise<void>;
}

/**
 * Run the publication job in this process: at start (posts that came due while no instance ran),
 * every `intervalMs` (a scheduled post goes out within that of its time), and when kicked.
 */
export function startPostDelivery({ db, logger, intervalMs = 15_000 }: { db: Database; logger: Logger; intervalMs?: number }): PostDeliveryJob {
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;
  const run = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        try {
          const done = await emailDuePosts(db);
          if (done.posts) logger.info(done, "published posts emailed to their followers");
        } catch (err) {
          logger.error({ err }, "could not email published posts");
        }
      } while (again && !stopped);
    })().finally(() => {
      running = undefined;
    });
  };
  const clock = setInterval(run, intervalMs);
  clock.unref();
  kicks.add(run);
  run();
  return {
    async stop() {
      stopped = true;
      clearInterval(clock);
      kicks.delete(run);
      await running;
    },
  };
}
