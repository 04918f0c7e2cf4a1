import type { ActionFunctionArgs, LoaderFunctionArgs, ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import { testServerBuild } from "../tests/setup/server-build";
import { bareApp } from "../tests/setup/bare-app";
import { BAD_ADDRESS, NOT_A_FORM, NUL_IN_FORM, UNREADABLE_FORM, UNREADABLE_JSON, isCleanUrlPart } from "./bad-request";

// A form action and a JSON action as routes write them (no try/catch around the body), and a loader echoing its parameter.
function build(seen: unknown[]): ServerBuild {
  return testServerBuild(
    { default: () => null },
    {
      form: {
        path: "form",
        module: {
          action: async ({ request }: ActionFunctionArgs) => {
            const form = Object.fromEntries(await request.formData());
            seen.push(form);
            return Response.json(form);
          },
        },
      },
      json: {
        path: "json",
        module: {
          action: async ({ request }: ActionFunctionArgs) => {
            const body = await request.json();
            seen.push(body);
            return Response.json(body);
          },
        },
      },
      item: {
        path: "items/:id",
        module: {
          loader: ({ params }: LoaderFunctionArgs) => {
            seen.push(params.id);
            return Response.json({ id: params.id });
          },
        },
      },
    },
  );
}

function app(seen: unknown[]) {
  return bareApp({ build: build(seen), mode: "production" });
}

const connection = { incoming: { socket: { remoteAddress: "127.0.0.1", remotePort: 50000, remoteFamily: "IPv4" } } };
const ORIGIN = { Origin: "http://localhost" };

async function post(path: string, body: BodyInit | null, contentType?: string) {
  const seen: unknown[] = [];
  const headers: Record<string, string> = { ...ORIGIN, ...(contentType ? { "Content-Type": contentType } : {}) };
  const response = await app(seen).request(`http://localhost${path}`, { method: "POST", body, headers }, connection);
  return { status: response.status, text: await response.text(), seen };
}

describe("bad input at the edge", () => {
  it("a form action sent no body, JSON, text or bytes answers 415 with what it expects, and never runs on", async () => {
    for (const [body, type] of [
      [null, undefined],
      ["", undefined],
      ['{"mapId":"x"}', "application/json"],
      ["mapId=x", "text/plain"],
      [new Uint8Array([0, 1, 2]), "application/octet-stream"],
    ] as const) {
      const answer = await post("/form", body, type);
      expect(answer.status).toBe(415);
      expect(answer.seen).toEqual([]);
    }
    // The document's error page shows the status; the data request carries the message.
    const data = await post("/form.data", '{"mapId":"x"}', "application/json");
    expect(data.status).toBe(415);
    expect(data.text).toContain(NOT_A_FORM);
  });

  it("a multipart body without its boundary, or cut short, is a 400", async () => {
    expect((await post("/form.data", "--x\r\nContent-Disposition: form-data; name=a\r\n\r\n1\r\n--x--", "multipart/form-data")).text).toContain(
      UNREADABLE_FORM,
    );
    const truncated = await post("/form", '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1', "multipart/form-data; boundary=x");
    expect(truncated.status).toBe(400);
    expect(truncated.seen).toEqual([]);
  });

  it("a NUL byte in a form field or a JSON string is a 400", async () => {
    const form = await post("/form.data", "name=a%00b", "application/x-www-form-urlencoded");
    expect(form.status).toBe(400);
    expect(form.text).toContain(NUL_IN_FORM);
    expect((await post("/json", '{"q":"a\\u0000"}', "application/json")).status).toBe(400);
    const broken = await post("/json.data", "{not json", "application/json");
    expect(broken.status).toBe(400);
    expect(broken.text).toContain(UNREADABLE_JSON);
  });

  it("a well-formed form and JSON still get through", async () => {
    expect(await post("/form", "name=Ana&city=Barcelona", "application/x-www-form-urlencoded")).toMatchObject({
      status: 200,
      seen: [{ name: "Ana", city: "Barcelona" }],
    });
    const multipart = await post("/form", '--x\r\nContent-Disposition: form-data; name="name"\r\n\r\nAna\r\n--x--\r\n', "multipart/form-data; boundary=x");
    expect(multipart).toMatchObject({ status: 200, seen: [{ name: "Ana" }] });
    expect(await post("/json", '{"q":"tapas"}', "application/json")).toMatchObject({ status: 200, seen: [{ q: "tapas" }] });
  });

  it("a NUL byte or broken percent-encoding in the path or the query is a 400 before any loader runs", async () => {
    for (const path of ["/items/a%00b", "/items/x?q=%00", "/items/x?redirectTo=%2F%00", "/items/%E0%A4%A", "/items/x?a=%"]) {
      const seen: unknown[] = [];
      const response = await app(seen).request(`http://localhost${path}`, {}, connection);
      expect(response.status, path).toBe(400);
      expect(await response.text()).toBe(BAD_ADDRESS);
      expect(seen).toEqual([]);
    }
    const seen: unknown[] = [];
    expect((await app(seen).request("http://localhost/items/caf%C3%A9?q=a+b%20c", {}, connection)).status).toBe(200);
    expect(seen).toEqual(["café"]);
  });

  it("isCleanUrlPart", () => {
    expect(isCleanUrlPart("/maps/caf%C3%A9")).toBe(true);
    expect(isCleanUrlPart("redirectTo=%2F%09%2Fevil.example")).toBe(true);
    expect(isCleanUrlPart("a%00")).toBe(false);
    expect(isCleanUrlPart("%ZZ")).toBe(false);
  });
});
