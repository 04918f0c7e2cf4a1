import { expect, test, type Page } from "@playwright/test";
import { makeAccount, signedInContext, type Account } from "./support/fixtures";

// Issue 27: a signed-in viewer's map page is drawn from data shared by everyone of the same
// entitlement class (member, Premium, supporter of this creator, owner). In a real browser against
// the built server: each class sees its own spots and each person their own page, request after
// request (so every class's cache entry is warm), and a supporter whose support ends is locked out
// on the very next request, in the page and in the client-side navigation's data.
//
// This spec's own creator: one map of three spots, the second Premium, the third supporters-only
// (the factories give each spot the summary "Spot number N.", and only a viewer who may open the
// spot is sent it).
const PREMIUM_SUMMARY = "Spot number 2.";
const SUPPORTERS_SUMMARY = "Spot number 3.";

interface Viewer {
  page: Page;
  account: Account;
}

/** The map page as a full document: its HTML as sent, and the rows as drawn. */
async function open(viewer: Viewer, path: string): Promise<string> {
  const response = await viewer.page.goto(path);
  expect(response?.status()).toBe(200);
  await expect(viewer.page.getByTestId("spot-row")).toHaveCount(3);
  return response!.text();
}

const lockedRows = (viewer: Viewer) => viewer.page.getByTestId("spot-row").filter({ has: viewer.page.getByTestId("locked-badge") });

test("each class of signed-in viewer gets its own map page, each person their own, and ended support locks at once", async ({ browser, baseURL }) => {
  const creatorContext = await browser.newContext({ baseURL });
  const creator = await makeAccount(creatorContext.request, "creator", { prefix: "class-cache", spots: 3, gated: true });
  await creatorContext.close();
  const map = creator.maps[0];
  const path = `/maps/${map.slug}`;

  const member = await signedInContext(browser, baseURL!, "member", { prefix: "class-member" });
  const premium = await signedInContext(browser, baseURL!, "premium", { prefix: "class-premium" });
  const supporter = await signedInContext(browser, baseURL!, "supporter", { prefix: "class-supporter", supports: creator.handle! });
  const people = [member, premium, supporter];
  const othersOf = (viewer: Viewer) => people.filter((p) => p !== viewer).map((p) => p.account.email);

  // Twice each, interleaved: the second request of each class is answered from what the first read.
  for (let round = 0; round < 2; round++) {
    const asMember = await open(member, path);
    await expect(lockedRows(member)).toHaveCount(2);
    expect(asMember).not.toContain(PREMIUM_SUMMARY);
    expect(asMember).not.toContain(SUPPORTERS_SUMMARY);

    const asPremium = await open(premium, path);
    await expect(lockedRows(premium)).toHaveCount(1);
    await expect(lockedRows(premium)).toContainText(map.spots[2].name);
    expect(asPremium).toContain(PREMIUM_SUMMARY);
    expect(asPremium).not.toContain(SUPPORTERS_SUMMARY);

    const asSupporter = await open(supporter, path);
    await expect(lockedRows(supporter)).toHaveCount(0);
    await expect(supporter.page.getByTestId("spot-row").filter({ hasText: map.spots[2].name })).toContainText(SUPPORTERS_SUMMARY);

    // Nothing personal crosses: each page carries its own viewer's address and no one else's.
    for (const [viewer, html] of [
      [member, asMember],
      [premium, asPremium],
      [supporter, asSupporter],
    ] as const) {
      expect(html).toContain(viewer.account.email);
      for (const other of othersOf(viewer)) expect(html).not.toContain(other);
    }
  }

  // The support ends, as the provider reports an ended subscription; the very next request knows.
  const ended = await supporter.page.request.post("/dev/fixtures", { form: { kind: "end-memberships", email: supporter.account.email } });
  expect(await ended.json()).toEqual({ ended: 1 });
  const afterEnd = await open(supporter, path);
  await expect(lockedRows(supporter)).toHaveCount(2);
  expect(afterEnd).not.toContain(PREMIUM_SUMMARY);
  expect(afterEnd).not.toContain(SUPPORTERS_SUMMARY);
  // The data a client-side navigation fetches, and the spot's own page, are locked too.
  const data = await supporter.page.request.get(`${path}.data`);
  expect(data.status()).toBe(200);
  expect(await data.text()).not.toContain(SUPPORTERS_SUMMARY);
  await supporter.page.goto(`${path}/spots/${map.spots[2].slug}`);
  await expect(supporter.page.getByTestId("locked-spot")).toBeVisible();

  // The classes that did not change still get their own pages.
  await open(premium, path);
  await expect(lockedRows(premium)).toHaveCount(1);
  await open(member, path);
  await expect(lockedRows(member)).toHaveCount(2);

  for (const viewer of people) await viewer.page.context().close();
});
