import { describe, expect, it } from "vitest";
import { embedSnippet, shareLinks } from "./share-links";

const url = "https://spotfolio.app/maps/rome-slow-and-eternal";

describe("share links", () => {
  it("opens each network's plain share address with the map's link", () => {
    const links = Object.fromEntries(shareLinks(url, "Rome, Slow & Eternal").map((l) => [l.network, new URL(l.href)]));
    expect(links.x.origin + links.x.pathname).toBe("https://x.com/intent/tweet");
    expect(links.x.searchParams.get("url")).toBe(url);
    expect(links.x.searchParams.get("text")).toBe("Rome, Slow & Eternal");
    expect(links.facebook.searchParams.get("u")).toBe(url);
    expect(links.whatsapp.origin).toBe("https://wa.me");
    expect(links.whatsapp.searchParams.get("text")).toBe(`Rome, Slow & Eternal ${url}`);
    expect(links.email.protocol).toBe("mailto:");
    expect(shareLinks(url, "Rome, Slow & Eternal").find((l) => l.network === "email")?.href).toBe(
      `mailto:?subject=Rome%2C%20Slow%20%26%20Eternal&body=Rome%2C%20Slow%20%26%20Eternal%0A${encodeURIComponent(url)}`,
    );
  });

  it("embeds the public page in an iframe whose attributes a title cannot break out of", () => {
    const snippet = embedSnippet(url, `"Best" <bars> & more`);
    expect(snippet).toBe(
      `<iframe src="${url}" title="&quot;Best&quot; &lt;bars&gt; &amp; more" width="100%" height="600" style="border:0" loading="lazy" allow="fullscreen; geolocation"></iframe>`,
    );
  });
});
