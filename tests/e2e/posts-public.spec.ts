import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { makeAccount, signIn, signedInContext, type MadePost } from "./support/fixtures";
import { hydrated } from "./support/hydration";

/** Serious or critical accessibility violations on the page as it is. */
async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${JSON.stringify(v.nodes.map((n) => n.target))}`);
}

const postOf = (posts: MadePost[], visibility: MadePost["visibility"]) => posts.find((p) => p.visibility === visibility)!;

test.describe("Posts, public side", () => {
  test("a supporters-only post shows its teaser and the way in to a Premium member, and its body to a supporter", async ({
    page,
    browser,
    baseURL,
    request,
  }) => {
    const creator = await makeAccount(request, "creator", { prefix: "poster", maps: 0, posts: true });
    const post = postOf(creator.posts, "supporters");
    const path = `/@${creator.handle}/posts/${post.slug}`;

    await signIn(page, "premium", { prefix: "post-premium" });
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1, name: post.title })).toBeVisible();
    await expect(page.getByTestId("post-teaser")).toHaveText(post.teaser);
    const locked = page.getByTestId("locked-post");
    await expect(locked).toContainText(`For supporters of ${creator.displayName}`);
    await expect(locked.getByTestId("unlock-button")).toHaveText(`Support ${creator.displayName} to unlock`);
    // Not on the page, and not in the data it was rendered from.
    expect(await page.content()).not.toContain(post.secret);
    expect(await seriousViolations(page)).toEqual([]);

    const supporter = await signedInContext(browser, baseURL!, "supporter", { prefix: "post-supporter", supports: creator.handle! });
    await supporter.page.goto(path);
    await expect(supporter.page.getByTestId("post-body")).toContainText(post.secret);
    await expect(supporter.page.getByTestId("locked-post")).toHaveCount(0);
    await supporter.context.close();
  });

  test("the creator's Posts tab lists every post, and its public feed the public posts only", async ({ page, request }) => {
    const creator = await makeAccount(request, "creator", { prefix: "feeder", maps: 0, posts: true });
    await page.goto(`/@${creator.handle}/posts`);
    const cards = page.getByTestId("post-card");
    await expect(cards).toHaveCount(3);
    // Newest first: the supporters-only post was published last.
    await expect(cards.first()).toContainText(postOf(creator.posts, "supporters").title);
    await expect(cards.first()).toHaveAttribute("data-access", "locked");
    expect(await seriousViolations(page)).toEqual([]);

    const feedHref = await page.getByTestId("public-feed-link").getAttribute("href");
    const feed = await request.get(feedHref!);
    expect(feed.status()).toBe(200);
    expect(feed.headers()["content-type"]).toContain("application/atom+xml");
    const xml = await feed.text();
    const open = postOf(creator.posts, "public");
    expect(xml).toContain(open.title);
    expect(xml).toContain(open.secret);
    for (const gated of creator.posts.filter((p) => p.visibility !== "public")) {
      expect(xml).not.toContain(gated.title);
      expect(xml).not.toContain(gated.secret);
    }
  });

  test("My Atlas shows the posts of a creator one follows, a gated one as its teaser with the way in", async ({ page, request }) => {
    const creator = await makeAccount(request, "creator", { prefix: "followed", maps: 0, posts: true });
    await signIn(page, "member", { prefix: "follower" });
    await page.goto(`/@${creator.handle}`);
    const follow = page.getByTestId("follow-button");
    await hydrated(page);
    // The button turns at once; the follow is saved when its request answers.
    const saved = page.waitForResponse((r) => r.url().includes("/api/follows") && r.request().method() === "POST");
    await follow.click();
    await expect(follow).toHaveAttribute("aria-pressed", "true");
    expect((await saved).status()).toBe(200);

    await page.goto("/atlas");
    const feed = page.getByTestId("atlas-following");
    await expect(feed.getByRole("heading", { name: "From creators you follow" })).toBeVisible();
    const posts = feed.getByTestId("following-post");
    await expect(posts).toHaveCount(3);
    const supporters = postOf(creator.posts, "supporters");
    await expect(posts.first()).toContainText(supporters.title);
    await expect(posts.first()).toContainText(supporters.teaser);
    await expect(posts.first().getByTestId("unlock-button")).toBeVisible();
    await expect(posts.last()).toContainText(postOf(creator.posts, "public").title);
    expect(await page.content()).not.toContain(supporters.secret);

    await posts
      .last()
      .getByRole("link", { name: postOf(creator.posts, "public").title })
      .click();
    await expect(page.getByTestId("post-body")).toContainText(postOf(creator.posts, "public").secret);
  });

  test("a member makes a private feed on the Posts tab, finds it on /account and revokes it", async ({ page, request }) => {
    const creator = await makeAccount(request, "creator", { prefix: "private", maps: 0, posts: true });
    await signIn(page, "supporter", { prefix: "private-reader", supports: creator.handle! });
    await page.goto(`/@${creator.handle}/posts`);
    await hydrated(page);
    await page.getByRole("button", { name: "Private feed" }).click();
    const url = await page.getByTestId("private-feed-url").inputValue();
    expect(url).toMatch(/\/feeds\/[A-Za-z0-9_-]{43}$/);
    const feed = await request.get(url);
    expect(feed.status()).toBe(200);
    expect(await feed.text()).toContain(postOf(creator.posts, "supporters").secret);

    await page.goto("/account");
    const row = page.getByTestId("private-feed");
    await expect(row).toHaveCount(1);
    expect(await seriousViolations(page)).toEqual([]);
    await row.getByRole("button", { name: "Revoke" }).click();
    await expect(page.getByTestId("no-private-feeds")).toBeVisible();
    expect((await request.get(url)).status()).toBe(404);

    // A new one, made here: its address is shown, and stays once the list shows the feed.
    await page.getByTestId("private-feed-creator").getByRole("button", { name: "Make a private feed" }).click();
    await expect(page.getByTestId("private-feed")).toHaveCount(1);
    const again = await page.getByTestId("private-feed-url").inputValue();
    expect(again).not.toBe(url);
    expect((await request.get(again)).status()).toBe(200);
  });
});
