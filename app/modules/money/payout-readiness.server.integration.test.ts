import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { setupTestDatabase } from "../../../tests/setup/database";
import { stubTestEnv } from "../../../tests/setup/env";
import { emailOutbox, taxSettings } from "#db/schema";
import { createCreator } from "#db/seed/factories";
import { payoutHolds, payoutReadiness } from "./index.server";
import { confirmPayoutDetailsChange, requestPayoutDetails } from "./payout-details.server";
import { saveTaxSettings } from "./tax-settings.server";
import { parsePayoutDetails, parseTaxSettings } from "./validation";
import { spanishTaxForm } from "../../../tests/money/tax-forms";

stubTestEnv({ EMAIL_RATE_PER_SECOND: "0", BETTER_AUTH_SECRET: "a-test-secret-that-is-long-enough-for-better-auth", VIES_URL: "off" });
const db = await setupTestDatabase();

const DAY = 24 * 60 * 60 * 1000;
const t0 = new Date("2026-11-02T09:00:00Z");

const tax = (overrides: Record<string, string> = {}) => {
  const parsed = parseTaxSettings(spanishTaxForm(overrides));
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  return parsed.data;
};
const bank = (iban: string) => {
  const parsed = parsePayoutDetails({ holderName: "Lucía Fernández Ruiz", iban, bic: "" }, "Lucía Fernández Ruiz");
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  return parsed.data;
};
const request = (creatorId: string, iban: string, now: Date) =>
  requestPayoutDetails(db, creatorId, bank(iban), { ip: "198.51.100.4", siteUrl: "https://spotfolio.test", now });

describe("payout holds, read from what is on file", () => {
  it("follow a creator from nothing on file to paid, through a change of account", async () => {
    const { profile } = await createCreator(db);
    expect((await payoutHolds(db, profile.id, t0)).map((h) => h.kind)).toEqual(["tax-settings-incomplete", "bank-details-missing"]);

    expect(await saveTaxSettings(db, profile.id, tax(), { now: t0 })).toMatchObject({ ok: true });
    expect((await payoutHolds(db, profile.id, t0)).map((h) => h.kind)).toEqual(["bank-details-missing"]);

    expect(await request(profile.id, "ES9121000418450200051332", t0)).toEqual({ ok: true, applied: true, last4: "1332" });
    expect(await payoutReadiness(db, profile.id, t0)).toEqual({ holds: [], notes: [], withholding: expect.objectContaining({ kind: "irpf", percent: 15 }) });

    // A change: a note while it waits, a hold for 5 days once confirmed.
    const t1 = new Date(t0.getTime() + DAY);
    const asked = await request(profile.id, "DE89370400440532013000", t1);
    expect(asked).toMatchObject({ ok: true, applied: false });
    expect(await payoutReadiness(db, profile.id, t1)).toMatchObject({ holds: [], notes: [{ kind: "bank-change-pending" }] });
    const [mail] = await db.select().from(emailOutbox).where(eq(emailOutbox.template, "payout-details-change"));
    const token = new URL((mail.payload as { url: string }).url).pathname.split("/").pop()!;
    const t2 = new Date(t1.getTime() + 60 * 60 * 1000);
    expect(await confirmPayoutDetailsChange(db, profile.id, token, t2)).toEqual({ ok: true, last4: "3000", holdUntil: new Date(t2.getTime() + 5 * DAY) });
    expect(await payoutHolds(db, profile.id, t2)).toEqual([expect.objectContaining({ kind: "bank-details-changed", until: new Date(t2.getTime() + 5 * DAY) })]);
    expect(await payoutHolds(db, profile.id, new Date(t2.getTime() + 5 * DAY - 1))).toHaveLength(1);
    expect(await payoutHolds(db, profile.id, new Date(t2.getTime() + 5 * DAY))).toEqual([]);
  });

  it("a link past its 24 hours changes nothing", async () => {
    const { profile } = await createCreator(db);
    await saveTaxSettings(db, profile.id, tax(), { now: t0 });
    await request(profile.id, "ES9121000418450200051332", t0);
    await request(profile.id, "DE89370400440532013000", t0);
    const [mail] = await db.select().from(emailOutbox).where(eq(emailOutbox.template, "payout-details-change"));
    const token = new URL((mail.payload as { url: string }).url).pathname.split("/").pop()!;
    expect(await confirmPayoutDetailsChange(db, profile.id, token, new Date(t0.getTime() + DAY))).toMatchObject({ ok: false, status: 410 });
    expect(await payoutHolds(db, profile.id, new Date(t0.getTime() + DAY))).toEqual([]);
  });

  it("reads non-resident withholding and the holder against the legal name", async () => {
    const { profile } = await createCreator(db);
    await saveTaxSettings(
      db,
      profile.id,
      tax({ taxResidenceCountry: "PT", taxId: "123456789", irpfPercent: "", postalCode: "1100-148", city: "Lisboa", addressCountry: "PT" }),
      { now: t0 },
    );
    await request(profile.id, "ES9121000418450200051332", t0);
    expect(await payoutReadiness(db, profile.id, t0)).toMatchObject({
      holds: [],
      notes: [{ kind: "non-resident-withholding" }],
      withholding: { kind: "irnr", percent: 19 },
    });
    await db.update(taxSettings).set({ legalName: "Another Name" }).where(eq(taxSettings.creatorId, profile.id));
    expect((await payoutHolds(db, profile.id, t0)).map((h) => h.kind)).toEqual(["holder-mismatch"]);
  });
});
