import { describe, expect, it } from "vitest";
import { appleMapsUrl, ge0Point, geoUri, googleMapsUrl, openInLinks, organicMapsUrl, osmAndUrl } from "./open-in";

const calPep = { name: "Cal Pep", lat: 41.384215, lng: 2.182917 };

describe("Open in links", () => {
  it("offer every app, each with the spot's exact coordinates", () => {
    const links = openInLinks(calPep);
    expect(links.map((l) => l.label)).toEqual(["Google Maps", "Apple Maps", "OsmAnd", "Organic Maps", "Other app"]);
    for (const link of links.filter((l) => l.app !== "organic")) expect(decodeURIComponent(link.href)).toContain("41.384215,2.182917");
  });

  it("use each app's documented address", () => {
    expect(googleMapsUrl(calPep)).toBe("https://www.google.com/maps/search/?api=1&query=41.384215,2.182917");
    expect(appleMapsUrl(calPep)).toBe("https://maps.apple.com/?ll=41.384215%2C2.182917&q=Cal+Pep");
    expect(osmAndUrl(calPep)).toBe("https://osmand.net/map?pin=41.384215,2.182917#17/41.384215/2.182917");
    expect(geoUri(calPep)).toBe("geo:41.384215,2.182917?q=41.384215,2.182917(Cal%20Pep)");
  });

  it("open the business itself on Google Maps when the spot knows its Place ID or CID", () => {
    expect(googleMapsUrl({ ...calPep, googlePlaceId: "ChIJk_s92NyipBIRUMnDG8Kq2Js" })).toBe(
      "https://www.google.com/maps/search/?api=1&query=41.384215,2.182917&query_place_id=ChIJk_s92NyipBIRUMnDG8Kq2Js",
    );
    expect(googleMapsUrl({ ...calPep, googlePlaceId: "11229913421514525008" })).toBe("https://maps.google.com/?cid=11229913421514525008");
    expect(googleMapsUrl({ ...calPep, googlePlaceId: null })).toBe("https://www.google.com/maps/search/?api=1&query=41.384215,2.182917");
  });

  it("encode Organic Maps short links as its apps decode them", () => {
    // Reference points of the ge0 format: the corners and the origin.
    expect(ge0Point(-90, -180)).toBe("AAAAAAAAA");
    expect(ge0Point(90, -180)).toBe("qqqqqqqqq");
    expect(ge0Point(90, 179.999999)).toBe("_________");
    expect(ge0Point(-90, 179.999999)).toBe("VVVVVVVVV");
    expect(ge0Point(0, 0)).toBe("wAAAAAAAA");
    expect(ge0Point(90, 0)).toBe("6qqqqqqqq");
    expect(ge0Point(-0.000001, -0.000001)).toBe("P________");
    expect(organicMapsUrl({ name: "Hello World", lat: 0, lng: 0 })).toBe("https://omaps.app/0wAAAAAAAA/Hello_World");
    expect(organicMapsUrl({ name: "'Hello,World!%$", lat: 0, lng: 0 })).toBe("https://omaps.app/0wAAAAAAAA/%27Hello%2CWorld%21%25%24");
    expect(organicMapsUrl({ name: "Hello_World", lat: 0, lng: 0 })).toBe("https://omaps.app/0wAAAAAAAA/Hello%20World");
  });

  it("keep a name with brackets from ending the geo: label early", () => {
    expect(geoUri({ name: "Bar (old town)", lat: 1, lng: 2 })).toBe("geo:1,2?q=1,2(Bar%20old%20town)");
  });
});
