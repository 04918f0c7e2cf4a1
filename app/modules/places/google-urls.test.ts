import { describe, expect, it } from "vitest";
import { coordinatesFromText, readGoogleMapsUrl } from "./google-urls";

// A synthetic feature id: the second half, 0x277c49ba34ed38, is CID 11114180190203192.
const FTID = "0x60188bfbd89f700b:0x277c49ba34ed38";
const CID = "11114180190203192";

describe("readGoogleMapsUrl: coordinates", () => {
  it("reads a dropped pin's /maps/search/<lat>,<lng>", () => {
    expect(readGoogleMapsUrl("https://www.google.com/maps/search/35.6812362,139.7671248")?.coordinates).toEqual({
      lat: 35.681236,
      lng: 139.767125,
    });
    expect(readGoogleMapsUrl("https://www.google.com/maps/search/-33.8568,+151.2153?entry=tts")?.coordinates).toEqual({
      lat: -33.8568,
      lng: 151.2153,
    });
    expect(readGoogleMapsUrl("https://www.google.com/maps/search/10.7769,%20106.7009")?.coordinates).toEqual({
      lat: 10.7769,
      lng: 106.7009,
    });
  });

  it("prefers the place's !3d!4d over the map view's @lat,lng", () => {
    const link = readGoogleMapsUrl(
      `https://www.google.com/maps/place/Tsukiji/@35.66,139.76,17z/data=!4m6!3m5!1s${FTID}!8m2!3d35.6654861!4d139.7706668!16s%2Fg%2F11b6d0x3lq`,
    );
    expect(link?.coordinates).toEqual({ lat: 35.665486, lng: 139.770667 });
  });

  it("reads ?q=<lat>,<lng>, ?query= and ?ll=", () => {
    expect(readGoogleMapsUrl("https://maps.google.com/?q=48.8584,2.2945")?.coordinates).toEqual({ lat: 48.8584, lng: 2.2945 });
    expect(readGoogleMapsUrl("https://www.google.com/maps/search/?api=1&query=21.0285%2C105.8542")?.coordinates).toEqual({
      lat: 21.0285,
      lng: 105.8542,
    });
    expect(readGoogleMapsUrl("http://maps.google.com/maps?ll=-22.9519,-43.2105&z=15")?.coordinates).toEqual({
      lat: -22.9519,
      lng: -43.2105,
    });
  });

  it("falls back to the map view's @lat,lng,zoom", () => {
    expect(readGoogleMapsUrl("https://www.google.com/maps/place/Somewhere/@41.3851,2.1734,15z")?.coordinates).toEqual({
      lat: 41.3851,
      lng: 2.1734,
    });
    expect(readGoogleMapsUrl("https://www.google.com/maps/@-34.6037,-58.3816,12z")?.coordinates).toEqual({
      lat: -34.6037,
      lng: -58.3816,
    });
  });

  it("reads a dropped pin written in degrees, minutes and seconds", () => {
    const link = readGoogleMapsUrl(`https://www.google.com/maps/place/35%C2%B040'52.5%22N+139%C2%B046'01.7%22E/@35.68,139.76,17z`);
    expect(link?.coordinates).toEqual({ lat: 35.68125, lng: 139.767139 });
    expect(link?.placeName).toBeNull();
  });

  it("refuses coordinates out of range and treats 0,0 as unknown", () => {
    expect(readGoogleMapsUrl("https://www.google.com/maps/search/95.1,10")?.coordinates).toBeNull();
    expect(readGoogleMapsUrl("https://www.google.com/maps/search/45.1,181")?.coordinates).toBeNull();
    expect(readGoogleMapsUrl("https://maps.google.com/?q=0,0")?.coordinates).toBeNull();
    expect(readGoogleMapsUrl("https://www.google.com/maps/search/95.1,10")?.isPlace).toBe(true);
  });

  it("has none for a place link without a position", () => {
    expect(readGoogleMapsUrl(`https://www.google.com/maps/place/Caf%C3%A9+Central/data=!4m2!3m1!1s${FTID}`)?.coordinates).toBeNull();
    expect(readGoogleMapsUrl("http://maps.google.com/?cid=11114180190203192")?.coordinates).toBeNull();
  });
});

describe("readGoogleMapsUrl: import keys", () => {
  it("gives one key to ?cid=, ludocid=, ftid= and the place link's data id of the same place", () => {
    const keys = [
      `http://maps.google.com/?cid=${CID}`,
      `https://www.google.com/search?q=Tsukiji+Outer+Market&ludocid=${CID}&ibp=gwp;0,7`,
      `http://maps.google.com/?q=Tsukiji+Outer+Market,+Tokyo&ftid=${FTID}`,
      `https://www.google.com/maps/place/%E7%AF%89%E5%9C%B0/data=!4m2!3m1!1s${FTID}`,
    ].map((url) => readGoogleMapsUrl(url)?.importKey);
    expect(keys).toEqual(Array(4).fill(`google:cid:${CID}`));
  });

  it("keeps a feature id with no CID whole, and uses a knowledge-graph id when there is no feature id", () => {
    expect(readGoogleMapsUrl("https://maps.google.com/?q=Somewhere&ftid=0x12ab:0x0")?.importKey).toBe("google:ftid:0x12ab:0x0");
    expect(readGoogleMapsUrl("https://www.google.com/maps/place/X/data=!4m2!3m1!16s%2Fg%2F11c5r_2xyz")?.importKey).toBe("google:mid:/g/11c5r_2xyz");
  });

  it("falls back to the URL without language, tracking or the map view, parameters sorted", () => {
    const a = readGoogleMapsUrl("https://www.google.com/maps/search/35.6812,139.7671?hl=ja&entry=ttu&g_ep=abc");
    const b = readGoogleMapsUrl("https://WWW.Google.com/maps/search/35.6812,139.7671/@35.6,139.7,12z?authuser=0");
    expect(a?.importKey).toBe("url:https://www.google.com/maps/search/35.6812,139.7671");
    expect(b?.importKey).toBe(a?.importKey);
    expect(readGoogleMapsUrl("https://maps.google.com/?z=3&q=48.8584,2.2945")?.importKey).toBe("url:https://maps.google.com?q=48.8584%2C2.2945&z=3");
  });
});

describe("readGoogleMapsUrl: what is a place", () => {
  it("knows Google Maps links on every Google domain and the short links", () => {
    for (const url of [
      "https://www.google.co.jp/maps/place/%E6%9D%B1%E4%BA%AC%E9%A7%85",
      "https://www.google.com.vn/maps/search/10.7769,106.7009",
      "https://maps.google.de/?q=Brandenburger+Tor",
      "https://maps.app.goo.gl/AbCdEf123",
      "https://goo.gl/maps/AbCdEf123",
    ]) {
      expect(readGoogleMapsUrl(url)?.isPlace, url).toBe(true);
    }
  });

  it("says a web page or a plain web search is not a place", () => {
    for (const url of [
      "https://www.nytimes.com/2024/travel/tokyo.html",
      "https://www.google.com/search?q=best+ramen",
      "https://google.example.org/maps/place/X",
      "https://lh3.googleusercontent.com/p/AF1Qip",
    ]) {
      const link = readGoogleMapsUrl(url);
      expect(link?.isPlace, url).toBe(false);
      expect(link?.coordinates).toBeNull();
    }
    expect(readGoogleMapsUrl("https://www.nytimes.com/travel/?utm_source=x#top")?.importKey).toBe("url:https://www.nytimes.com/travel");
  });

  it("returns null for text that is not an http link", () => {
    expect(readGoogleMapsUrl("")).toBeNull();
    expect(readGoogleMapsUrl("Tokyo Station")).toBeNull();
    expect(readGoogleMapsUrl("javascript:alert(1)")).toBeNull();
    expect(readGoogleMapsUrl("https://exa mple.com/")).toBeNull();
  });

  it("reads the place name of /maps/place/<name>/ and ?q=<text>", () => {
    expect(readGoogleMapsUrl(`https://www.google.com/maps/place/Caf%C3%A9+Central/data=!4m2!3m1!1s${FTID}`)?.placeName).toBe("Café Central");
    expect(readGoogleMapsUrl(`http://maps.google.com/?q=Ph%E1%BB%9F+H%C3%B2a,+Hanoi&ftid=${FTID}`)?.placeName).toBe("Phở Hòa, Hanoi");
    expect(readGoogleMapsUrl("https://maps.google.com/?q=48.8584,2.2945")?.placeName).toBeNull();
  });
});

describe("readGoogleMapsUrl: the place Google Maps opens", () => {
  it("reads a place link's name, exact position and CID (the second half of its feature id)", () => {
    const link = readGoogleMapsUrl(
      "https://www.google.com/maps/place/Sagrada+Fam%C3%ADlia/@41.4036299,2.1743558,17z/data=!3m1!4b1!4m6!3m5!1s0x12a4a2dcd83dfb93:0x9bd8aac21bc3c950!8m2!3d41.4036299!4d2.1743558",
    );
    expect(link).toMatchObject({
      isPlace: true,
      placeName: "Sagrada Família",
      coordinates: { lat: 41.40363, lng: 2.174356 },
      googlePlaceId: "11229913421514525008",
    });
  });

  it("reads a Place ID from query_place_id= and q=place_id:, and a name from /maps/search/<name> and query=", () => {
    const id = "ChIJk_s92NyipBIRUMnDG8Kq2Js";
    expect(readGoogleMapsUrl(`https://www.google.com/maps/search/?api=1&query=Sagrada%20Familia&query_place_id=${id}`)).toMatchObject({
      placeName: "Sagrada Familia",
      googlePlaceId: id,
      coordinates: null,
    });
    expect(readGoogleMapsUrl(`https://www.google.com/maps/place/?q=place_id:${id}`)).toMatchObject({ placeName: null, googlePlaceId: id });
    expect(readGoogleMapsUrl("https://www.google.com/maps/search/Park+G%C3%BCell/@41.41,2.15,15z")).toMatchObject({
      placeName: "Park Güell",
      googlePlaceId: null,
      coordinates: { lat: 41.41, lng: 2.15 },
    });
    expect(readGoogleMapsUrl("https://maps.google.com/?cid=11229913421514525008")?.googlePlaceId).toBe("11229913421514525008");
    expect(readGoogleMapsUrl("https://www.google.com/maps/search/41.4036,2.1744")?.googlePlaceId).toBeNull();
  });
});

describe("coordinatesFromText", () => {
  it("reads decimal and DMS pairs and nothing else", () => {
    expect(coordinatesFromText("35.6812, 139.7671")).toEqual({ lat: 35.6812, lng: 139.7671 });
    expect(coordinatesFromText(`33°51'24.5"S 151°12'55"E`)).toEqual({ lat: -33.856806, lng: 151.215278 });
    expect(coordinatesFromText("Tokyo, Japan")).toBeNull();
    expect(coordinatesFromText("1234, 5")).toBeNull();
  });
});
