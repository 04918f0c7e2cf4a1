/**
 * Issue 15, item 6: the legal texts name the site by the same origin as the
 * canonical links and the sitemap (siteUrl), not `http://localhost:PORT`,
 * when PUBLIC_URL is unset and the app is reached by another name.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { resetEnvCache } from "~/lib/env.server";
import { siteUrl } from "~/lib/site-url.server";
import { loader } from "./legal-page";

const saved = { PUBLIC_URL: process.env.PUBLIC_URL, PORT: process.env.PORT };

describe("the legal pages' site address", () => {
  beforeEach(() => {
    delete process.env.PUBLIC_URL;
    process.env.PORT = "3999";
    resetEnvCache();
  });
  afterEach(() => {
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
    resetEnvCache();
  });

  it("is the origin the canonical links use, not localhost", () => {
    const request = new Request("http://maps.spotfolio.example/info/legal-notice");
    const data = loader({ params: { slug: "legal-notice" }, request } as unknown as Parameters<typeof loader>[0]);
    const text = JSON.stringify(data.document);
    expect(siteUrl(request)).toBe("http://maps.spotfolio.example");
    expect(text).toContain("Website: http://maps.spotfolio.example");
    expect(text).not.toContain("localhost");
  });

  it("is PUBLIC_URL when it is configured", () => {
    process.env.PUBLIC_URL = "https://spotfolio.example/";
    resetEnvCache();
    const request = new Request("http://10.0.0.5:3000/info/legal-notice");
    const text = JSON.stringify(loader({ params: { slug: "legal-notice" }, request } as unknown as Parameters<typeof loader>[0]).document);
    expect(text).toContain("Website: https://spotfolio.example");
    expect(text).not.toContain("10.0.0.5");
  });
});
