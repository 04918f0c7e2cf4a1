/**
 * A creator's post reaches a follower by email (issue 24, item 6): published in the Studio, it is
 * in the follower's mailbox with its body, a link to its page and a one-click unsubscribe link; it
 * is in their Atlas feed; the mail client's one-click POST (RFC 8058) unsubscribes at once, the
 * visible link's page says so and undoes it, and /account/emails shows the choice.
 */
import { expect, test } from "@playwright/test";
import { mailboxFor } from "./support/accounts";
import { signIn } from "./support/fixtures";

test("a follower gets a published post by email, finds it in My Atlas, and leaves the creator's emails in one click", async ({ browser, page, request }) => {
  test.setTimeout(120_000);
  const studio = await (await browser.newContext()).newPage();
  const creator = await signIn(studio, "creator", { prefix: "post-mailer", maps: 0 });
  const follower = await signIn(page, "member", { prefix: "post-reader" });

  await page.goto(`/@${creator.handle}`);
  await page.getByTestId("follow-button").click();
  await expect(page.getByTestId("follow-button")).toHaveText("Following");

  // The creator writes and publishes a post (public: every follower reads it).
  await studio.goto("/studio/posts");
  await studio.getByRole("button", { name: "New post" }).click();
  await expect(studio).toHaveURL(/\/studio\/posts\/postId\/[0-9a-f-]{36}$/);
  await studio.getByTestId("post-title").fill("Dawn at the harbour");
  await studio.getByTestId("post-body-input").fill("The first boats leave at six.\n\n## Where to stand\n\nBehind the **fish market** kiosk.");
  await expect(studio.getByTestId("save-status")).toHaveAttribute("data-status", "saved");
  await studio.getByRole("button", { name: "Publish now" }).click();
  await expect(studio.getByTestId("post-status")).toHaveText("Published");

  // The email: its body, the post's page and the follower's own unsubscribe link.
  let message: Awaited<ReturnType<typeof mailboxFor>>[number] | undefined;
  await expect
    .poll(
      async () => {
        message = (await mailboxFor(request, follower.email)).find((m) => m.subject.includes("Dawn at the harbour"));
        return message;
      },
      { message: "the post's email in the follower's mailbox", timeout: 30_000 },
    )
    .toBeTruthy();
  expect(message!.subject).toBe(`${creator.displayName}: Dawn at the harbour`);
  expect(message!.text).toContain("Behind the fish market kiosk.");
  const postLink = message!.links.find((l) => l.includes(`/@${creator.handle}/posts/dawn-at-the-harbour`));
  const unsubscribe = message!.links.find((l) => l.includes("/email/unsubscribe/"));
  expect(postLink).toBeTruthy();
  expect(unsubscribe).toBeTruthy();

  // The link opens the post, formatted as written.
  await page.goto(postLink!);
  await expect(page.getByRole("heading", { name: "Dawn at the harbour", level: 1 })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Where to stand", level: 2 })).toBeVisible();

  // My Atlas lists it among what the creators they follow published.
  await page.goto("/atlas");
  await expect(page.getByRole("link", { name: /Dawn at the harbour/ }).first()).toBeVisible();

  // The mail client's one click: a POST to the link, no page, no cookie.
  const oneClick = await request.post(unsubscribe!, { form: { "List-Unsubscribe": "One-Click" } });
  expect(oneClick.status()).toBeLessThan(300);
  await page.goto("/account/emails");
  const choice = page.getByTestId("creator-email-choice").filter({ hasText: creator.displayName! });
  await expect(choice).toContainText("No emails");

  // The visible link's page says so, and undoes it.
  await page.goto(unsubscribe!);
  await expect(page.getByRole("heading", { name: "You are unsubscribed" })).toBeVisible();
  await page.getByRole("button", { name: "Subscribe again" }).click();
  await expect(page.getByRole("heading", { name: `Stop getting ${creator.displayName}'s posts?` })).toBeVisible();
  await page.goto("/account/emails");
  await expect(page.getByTestId("creator-email-choice").filter({ hasText: creator.displayName! })).toContainText("Posts by email");
});
