import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { PIN_ICONS } from "~/modules/categories";
import { PIN_ICON_NODES } from "./pin-icons";

const LUCIDE = new URL("../../../node_modules/lucide-react/dist/esm/icons/", import.meta.url);

/** Where a pin icon's drawing is copied from, when not from the lucide icon of its own name. */
const DRAWN_FROM: Record<string, string> = { pin: "map-pin", building: "building-complex", music: "eighth-notes", waves: "waves-horizontal" };

describe("the pins' icons", () => {
  it("are named for lucide-react icons (the names an admin picks from)", () => {
    for (const icon of PIN_ICONS) expect(existsSync(new URL(`${icon}.mjs`, LUCIDE)), icon).toBe(true);
  });

  it("are drawn exactly as lucide draws them", async () => {
    for (const icon of PIN_ICONS) {
      const source = DRAWN_FROM[icon] ?? icon;
      const lucide = (await import(/* @vite-ignore */ new URL(`${source}.mjs`, LUCIDE).href)) as { __iconData: { node: [string, Record<string, string>][] } };
      const drawn = lucide.__iconData.node.map(([tag, { key: _key, ...attributes }]) => [tag, attributes]);
      expect(PIN_ICON_NODES[icon], icon).toEqual(drawn);
    }
  });
});
