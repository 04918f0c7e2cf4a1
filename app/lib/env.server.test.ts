import { describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "./env.server";

describe("parseEnv", () => {
  it("runs on embedded defaults with an empty environment", () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.DATA_DIR).toBe("./data");
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.SEED_DEMO).toBe(true);
    expect(env.PRODUCT_NAME).toBe("Spotfolio");
  });

  it("treats empty optional settings as unset", () => {
    expect(parseEnv({ DATABASE_URL: "", SMTP_URL: "" }).DATABASE_URL).toBeUndefined();
  });

  it("names every bad variable in one clear error", () => {
    let error: unknown;
    try {
      parseEnv({ PORT: "eighty", INFO_EMAIL: "not-an-email", SEED_DEMO: "maybe" });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(EnvError);
    const message = (error as EnvError).message;
    expect(message).toContain("PORT");
    expect(message).toContain("INFO_EMAIL");
    expect(message).toContain("SEED_DEMO");
    expect((error as EnvError).issues.map((i) => i.variable).sort()).toEqual(["INFO_EMAIL", "PORT", "SEED_DEMO"]);
  });

  it("needs Stripe's publishable key and webhook secret once its secret key is set", () => {
    expect(() => parseEnv({ STRIPE_SECRET_KEY: "sk_test_1" })).toThrow(/STRIPE_PUBLISHABLE_KEY: required[\s\S]*STRIPE_WEBHOOK_SECRET: required/);
    const stripe = {
      STRIPE_SECRET_KEY: "sk_test_1",
      STRIPE_PUBLISHABLE_KEY: "pk_test_1",
      STRIPE_WEBHOOK_SECRET: "whsec_1",
      STRIPE_API_BASE: "http://127.0.0.1:12111",
    };
    expect(parseEnv(stripe)).toMatchObject(stripe);
    expect(() => parseEnv({ STRIPE_API_BASE: "not a url" })).toThrow(/STRIPE_API_BASE/);
  });

  it("takes S3 storage whole or not at all", () => {
    expect(parseEnv({})).toMatchObject({ S3_REGION: "us-east-1", S3_FORCE_PATH_STYLE: false });
    expect(parseEnv({}).S3_BUCKET).toBeUndefined();
    const s3 = { S3_BUCKET: "spotfolio", S3_ENDPOINT: "http://127.0.0.1:9000", S3_ACCESS_KEY_ID: "key", S3_SECRET_ACCESS_KEY: "secret" };
    expect(parseEnv({ ...s3, S3_FORCE_PATH_STYLE: "on" })).toMatchObject({ ...s3, S3_FORCE_PATH_STYLE: true });
    expect(() => parseEnv({ S3_ENDPOINT: "http://127.0.0.1:9000" })).toThrow(/S3_ENDPOINT: set S3_BUCKET too/);
    expect(() => parseEnv({ S3_BUCKET: "spotfolio", S3_ACCESS_KEY_ID: "key" })).toThrow(
      /S3_SECRET_ACCESS_KEY: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together/,
    );
  });

  it("takes a street map style, off, or a self-hosted archive, one at a time", () => {
    expect(parseEnv({}).MAP_STYLE_URL).toBeUndefined();
    expect(parseEnv({ MAP_STYLE_URL: "off" }).MAP_STYLE_URL).toBe("off");
    expect(parseEnv({ MAP_STYLE_URL: "https://maps.example.com/style.json" }).MAP_STYLE_URL).toBe("https://maps.example.com/style.json");
    expect(() => parseEnv({ MAP_STYLE_URL: "streets" })).toThrow(/MAP_STYLE_URL/);
    expect(parseEnv({ BASEMAP_PMTILES: "basemap/planet.pmtiles" }).BASEMAP_PMTILES).toBe("basemap/planet.pmtiles");
    expect(() => parseEnv({ BASEMAP_PMTILES: "planet.pmtiles", MAP_STYLE_URL: "off" })).toThrow(/MAP_STYLE_URL: leave it unset when BASEMAP_PMTILES is set/);
    expect(() => parseEnv({ MAP_STYLE_HOSTS: "https://tiles.example.com" })).toThrow(/MAP_STYLE_HOSTS: only with a MAP_STYLE_URL style/);
    expect(() => parseEnv({ MAP_STYLE_URL: "https://maps.example.com/style.json", MAP_STYLE_HOSTS: "tiles.example.com" })).toThrow(/MAP_STYLE_HOSTS/);
  });

  it("parses switches", () => {
    expect(parseEnv({ SEED_DEMO: "off", DEMO_ACCOUNTS: "on" })).toMatchObject({ SEED_DEMO: false, DEMO_ACCOUNTS: true });
  });
});

describe(".env.example", () => {
  it("lists every setting the app reads, and its values are valid", async () => {
    const { readFileSync } = await import("node:fs");
    const { envSchema } = await import("./env.server");
    const lines = readFileSync(".env.example", "utf8")
      .split("\n")
      .filter((l) => /^[A-Z0-9_]+=/.test(l));
    const entries = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf("=")), l.slice(l.indexOf("=") + 1)]));
    expect(Object.keys(entries).sort()).toEqual(Object.keys(envSchema.shape).sort());
    expect(() => parseEnv(entries)).not.toThrow();
  });
});
