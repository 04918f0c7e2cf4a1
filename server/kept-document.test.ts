import { describe, expect, it } from "vitest";
import type { HttpBindings } from "@hono/node-server";
import { keptDocumentResponse } from "../app/modules/page-cache/index.server";
import { nodeFetch } from "./kept-document";

describe("nodeFetch", () => {
  it("hands a kept document on as an ordinary response with its whole body where there is no node socket to write it to", async () => {
    const fetch = nodeFetch(() =>
      keptDocumentResponse([Buffer.from("<p>kept "), Buffer.from("nonce"), Buffer.from(" page</p>")], {
        status: 200,
        headers: { "Content-Type": "text/html" },
      }),
    );
    const response = await fetch(new Request("http://app.test/"), {} as HttpBindings);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/html");
    expect(await response.text()).toBe("<p>kept nonce page</p>");
  });
});
