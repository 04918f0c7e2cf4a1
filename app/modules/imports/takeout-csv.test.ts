import { describe, expect, it } from "vitest";
import hanoiPins from "../../../tests/fixtures/imports/google/Takeout/Saved/Hanoi pins.csv?raw";
import kissaten from "../../../tests/fixtures/imports/google/Takeout/Saved/Kissaten.csv?raw";
import nextTrip from "../../../tests/fixtures/imports/google/Takeout/Saved/Next trip.csv?raw";
import saved from "../../../tests/fixtures/imports/google/Takeout/Saved/Saved.csv?raw";
import starred from "../../../tests/fixtures/imports/google/Takeout/Saved/Starred.csv?raw";
import wantToGo from "../../../tests/fixtures/imports/google/Takeout/Saved/Want to go.csv?raw";
import broken from "../../../tests/fixtures/imports/google/broken.csv?raw";
import notTakeout from "../../../tests/fixtures/imports/google/not-takeout.csv?raw";
import { parseTakeoutCsv } from "./takeout-csv";

function only(file: string, text: string) {
  const outcome = parseTakeoutCsv(file, text);
  expect(outcome.errors).toEqual([]);
  expect(outcome.lists).toHaveLength(1);
  return outcome.lists[0];
}

describe("parseTakeoutCsv: Title,Note,URL,Tags,Comment", () => {
  const list = only("Takeout/Saved/Want to go.csv", wantToGo);

  it("names the list after the file and skips the empty ,,,, rows, counting them", () => {
    expect(list.name).toBe("Want to go");
    expect(list.format).toBe("takeout-csv");
    expect(list.description).toBeNull();
    expect(list.rows).toHaveLength(5);
    expect(list.notices).toEqual(["2 empty rows skipped."]);
  });

  it("keeps CJK and Vietnamese titles, the line each record starts on, and exact duplicates", () => {
    expect(list.rows.map((row) => [row.ref, row.name])).toEqual([
      ["line 3", "築地場外市場"],
      ["line 5", "南锣鼓巷"],
      ["line 6", "Phở Thìn Lò Đúc"],
      ["line 7", "Phở Thìn Lò Đúc"],
      ["line 9", "Kiyosumi Roastery"],
    ]);
    const [, , first, second] = list.rows;
    expect({ ...second, ref: first.ref, original: first.original }).toEqual(first);
    expect(second.original).toBe(first.original);
  });

  it("keeps a quoted note with commas, a line break and emoji, and the record's text as it was", () => {
    const [tsukiji] = list.rows;
    expect(tsukiji.note).toBe("Go early, before 9am 🐟\nTry the tamagoyaki stall, then coffee");
    expect(tsukiji.original).toBe(
      '築地場外市場,"Go early, before 9am 🐟\nTry the tamagoyaki stall, then coffee",https://www.google.com/maps/place/%E7%AF%89%E5%9C%B0%E5%A0%B4%E5%A4%96%E5%B8%82%E5%A0%B4/data=!4m2!3m1!1s0x60188bfbd89f700b:0x277c49ba34ed38,🐟 Markets,',
    );
    expect(tsukiji.url).toBe(
      "https://www.google.com/maps/place/%E7%AF%89%E5%9C%B0%E5%A0%B4%E5%A4%96%E5%B8%82%E5%A0%B4/data=!4m2!3m1!1s0x60188bfbd89f700b:0x277c49ba34ed38",
    );
  });

  it("keeps every tag as a private label: never a category, never written into the (public) note", () => {
    expect(list.rows.map((row) => row.labels)).toEqual([["🐟 Markets"], ["🏮 Old town", "🚶 Walks"], ["🍜 Noodles"], ["🍜 Noodles"], ["☕ Coffee"]]);
    expect(list.rows.map((row) => row.category)).toEqual([null, null, null, null, null]);
    expect(list.rows[1].note).toBe("Busy at weekends");
    expect(list.rows[4].note).toBe("Roastery, open 8–19");
    for (const row of list.rows) expect(row.note ?? "").not.toMatch(/Tags:|Markets|Old town|Walks|Noodles|Coffee/);
  });

  it("reads Google's ⭐ Favourites tag as a label too", () => {
    const [row] = only(
      "Favourites.csv",
      "Title,Note,URL,Tags,Comment\nBar Marsella,Absinthe,https://www.google.com/maps/search/41.378,2.1735,⭐ Favourites; 🍸 Bars,\n",
    ).rows;
    expect(row).toMatchObject({ labels: ["⭐ Favourites", "🍸 Bars"], category: null, note: "Absinthe" });
  });

  it("takes the import key from the place link's feature id and finds no coordinates in it", () => {
    expect(list.rows.map((row) => row.importKey)).toEqual([
      "google:cid:11114180190203192",
      "google:cid:11651590505119483672",
      "google:cid:2102687664622566798",
      "google:cid:2102687664622566798",
      "google:cid:6804781263793403077",
    ]);
    expect(list.rows.every((row) => row.lat === null && row.lng === null && row.invalid === null)).toBe(true);
    expect(list.rows.every((row) => row.file === "Takeout/Saved/Want to go.csv" && row.address === null && row.photos.length === 0)).toBe(true);
  });
});

describe("parseTakeoutCsv: description line, Title,Note,URL,Comment and dropped pins", () => {
  const list = only("Takeout/Saved/Hanoi pins.csv", hanoiPins);

  it("reads the quoted description before the blank line and the header", () => {
    expect(list.name).toBe("Hanoi pins");
    expect(list.description).toBe("Pins from the Hanoi trip, spring. Street food, lakes and a few shops");
    expect(list.rows.map((row) => row.ref)).toEqual(["line 4", "line 5", "line 6"]);
    expect(list.notices).toEqual(["1 empty row skipped."]);
  });

  it("takes the dropped pins' coordinates from their /maps/search/ URLs", () => {
    expect(list.rows.map((row) => [row.name, row.lat, row.lng])).toEqual([
      ["Dropped pin", 21.0285, 105.8542],
      ["Dropped pin", 21.03118, 105.85012],
      ["Hồ Hoàn Kiếm", null, null],
    ]);
    expect(list.rows[0].importKey).toBe("url:https://www.google.com/maps/search/21.0285,105.8542");
    expect(list.rows[1].note).toBe("Street food corner, ask for bún chả\n\nGood at night");
  });
});

describe("parseTakeoutCsv: other shapes", () => {
  it("gives a list with a description and no rows, saying so", () => {
    const list = only("Takeout/Saved/Next trip.csv", nextTrip);
    expect(list).toMatchObject({ name: "Next trip", description: "Somewhere to keep places for the next trip", rows: [] });
    expect(list.notices).toEqual(["Next trip has no places, only its description."]);
  });

  it("reads a description line with no blank line after it", () => {
    const list = only("Tight.csv", '"Close together"\nTitle,Note,URL\nHarbour,,https://maps.google.com/?cid=7\n');
    expect(list).toMatchObject({ description: "Close together", rows: [{ ref: "line 3", name: "Harbour", importKey: "google:cid:7" }] });
  });

  it("refuses a file of one line that is not a header", () => {
    expect(parseTakeoutCsv("One.csv", "Harbour,quiet,somewhere\n").errors[0].message).toMatch(/^One\.csv: line 1: not a Google Takeout saved list/);
  });

  it("reads a list whose export stops after the description, and one of empty rows only", () => {
    const described = only("Plans.csv", '"Only a plan"\n\n');
    expect(described).toMatchObject({ description: "Only a plan", rows: [], notices: ["Plans has no places, only its description."] });
    const empty = only("Blank.csv", "Title,Note,URL,Tags,Comment\n,,,,\n,,,,\n");
    expect(empty).toMatchObject({ description: null, rows: [], notices: ["2 empty rows skipped.", "Blank has no places."] });
  });

  it("marks the web pages of a Saved list as not places, keeping the Google Maps row", () => {
    const list = only("Takeout/Saved/Saved.csv", saved);
    expect(list.rows.map((row) => row.invalid)).toEqual([
      "Not a place: https://www.example.com/travel/tokyo-ramen",
      "Not a place: https://www.example.org/rail/pass-guide",
      null,
    ]);
    expect(list.notices).toEqual(["2 rows link to a web page, not a place on Google Maps."]);
    expect(list.rows[1].note).toBe("Read before the trip");
  });

  it("reads the bare Title,Note,URL header with google.com/search ludocid links", () => {
    const list = only("Takeout/Saved/Starred.csv", starred);
    expect(list.rows.map((row) => [row.name, row.importKey, row.invalid, row.note])).toEqual([
      ["Meiji Jingu", "google:cid:9876543210987654321", null, "Shrine, quiet in the morning"],
      ["Yoyogi Park", "google:cid:1234567890123456789", null, null],
    ]);
    expect(list.notices).toEqual([]);
  });

  it("tolerates a BOM and CRLF line endings, and keeps line breaks inside a note as LF", () => {
    expect(kissaten.startsWith("\uFEFFTitle")).toBe(true);
    expect(kissaten).toContain("\r\n");
    const list = only("Takeout/Saved/Kissaten.csv", kissaten);
    expect(list.rows.map((row) => [row.ref, row.name, row.note, row.lat, row.lng])).toEqual([
      ["line 2", "Café de l'Ambre", "Old kissaten\nno cards", null, null],
      ["line 4", "Dropped pin", null, 35.668, 139.7636],
    ]);
  });

  it("names the untitled row after its place link, and refuses a row with nothing to place", () => {
    const list = only(
      "Untitled.csv",
      "Title,Note,URL\n,,https://www.google.com/maps/place/Caf%C3%A9+Central/data=!4m2!3m1!1s0x1:0x2\n,just a note,\n,,not a link\n",
    );
    expect(list.rows.map((row) => [row.name, row.invalid])).toEqual([
      ["Café Central", null],
      [null, "No title and no link to a place"],
      [null, "Not a link: not a link"],
    ]);
  });

  it("marks a record with more fields than the header", () => {
    const list = only("Extra.csv", "Title,Note,URL\nHarbour,quiet,https://maps.google.com/?q=Harbour,surplus\n");
    expect(list.rows[0].invalid).toBe("Line 2 has 4 fields but the header has 3");
  });

  it("puts back together a dropped pin's URL that was written without quotes", () => {
    const list = only("Pins.csv", "Title,Note,URL,Comment\nDropped pin,,https://www.google.com/maps/search/43.2965,5.3698,\n");
    expect(list.rows[0]).toMatchObject({ url: "https://www.google.com/maps/search/43.2965,5.3698", lat: 43.2965, lng: 5.3698, invalid: null });
  });

  it("cuts a very long record's original text, keeping the whole note", () => {
    const long = "a".repeat(5000);
    const [row] = only("Long.csv", `Title,Note,URL\nEssay,${long},\n`).rows;
    expect(row.note).toBe(long);
    expect(row.original).toBe(`Essay,${"a".repeat(3994)}… [cut: 1,007 more characters not shown]`);
  });

  it("accepts a row as an untitled place with a note but no URL only when it has a title", () => {
    const list = only("NoUrl.csv", "Title,Note,URL,Comment\nThe old bakery,ask grandma where,,\n");
    expect(list.rows[0]).toMatchObject({ name: "The old bakery", note: "ask grandma where", url: null, lat: null, importKey: null, invalid: null });
  });
});

describe("parseTakeoutCsv: files it refuses", () => {
  it("names the file and line of a header that is not Takeout's", () => {
    expect(parseTakeoutCsv("not-takeout.csv", notTakeout)).toEqual({
      lists: [],
      errors: [
        {
          file: "not-takeout.csv",
          message:
            'not-takeout.csv: line 1: not a Google Takeout saved list. Expected the header "Title,Note,URL" (with Tags and Comment when the list has them), found "Name,Latitude,Longitude".',
        },
      ],
    });
  });

  it("names the header's line when a description comes first", () => {
    const outcome = parseTakeoutCsv("Odd.csv", '"A description"\n\n\nName,Where\n');
    expect(outcome.errors.map((error) => error.message)).toEqual([
      'Odd.csv: line 4: not a Google Takeout saved list. Expected the header "Title,Note,URL" (with Tags and Comment when the list has them), found "Name,Where".',
    ]);
  });

  it("names the line of a quote that is never closed", () => {
    expect(parseTakeoutCsv("broken.csv", broken).errors).toEqual([
      {
        file: "broken.csv",
        message: "broken.csv: line 2: a quoted field opened in this record is never closed, so the file is cut short or not a CSV.",
      },
    ]);
  });

  it("says an empty file is empty", () => {
    expect(parseTakeoutCsv("Empty.csv", "\uFEFF\r\n").errors).toEqual([{ file: "Empty.csv", message: "Empty.csv: the file is empty." }]);
  });

  it("stops reading one row past the limit and says so", () => {
    const rows = Array.from({ length: 30 }, (_, i) => `Place ${i},,https://www.google.com/maps/search/1.${i},2`).join("\n");
    const list = parseTakeoutCsv("Big.csv", `Title,Note,URL\n${rows}\n`, { maxRows: 10 }).lists[0];
    expect(list.rows).toHaveLength(11);
    expect(list.notices).toEqual(["Reading stopped after 11 rows: one import takes at most 10."]);
    const within = parseTakeoutCsv("Small.csv", `Title,Note,URL\n${rows}\n`, { maxRows: 30 }).lists[0];
    expect(within.rows).toHaveLength(30);
    expect(within.notices).toEqual([]);
  });
});
