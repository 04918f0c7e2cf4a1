import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { expect, it } from "vitest";
import { PreviewForm, UploadForm, AcceptedFiles, ExportHowTo, ImportError } from "./import-page";
import { ImportedNotice } from "./imported-notice";

/** The import page's parts render the preview as the action hands it over, before any script runs. */
it("renders the upload form, the preview with its targets and rows (the rest on demand), and the editor's notice", () => {
  const preview = {
    token: "t".repeat(32),
    errors: [{ file: "broken.kml", message: "broken.kml: line 3: bad" }],
    notices: ["No geocoder is configured: 1 row without coordinates will wait in the review queue for you to place them."],
    counts: { ready: 1, needs_place: 1, needs_name: 0, duplicate: 0, already_imported: 0, invalid: 0, total: 2, noteChanged: 0 },
    maps: [{ id: "11111111-1111-1111-1111-111111111111", title: "Lisbon", isPublished: true }],
    separateMaps: null,
    lists: [
      {
        index: 0,
        file: "Saved/Food.csv",
        name: "Food",
        description: "d",
        notices: ["n"],
        target: { kind: "new" as const },
        counts: { ready: 1, needs_place: 1, needs_name: 0, duplicate: 0, already_imported: 0, invalid: 0, total: 2, noteChanged: 0 },
        rows: Array.from({ length: 205 }, (_, i) => ({
          file: "f",
          ref: `line ${i}`,
          name: `N${i}`,
          status: "ready" as const,
          reason: null,
          noteChanged: false,
          geocoded: false,
        })),
      },
    ],
  };
  const Stub = createRoutesStub([
    {
      path: "/",
      Component: () => (
        <>
          <ImportedNotice />
          <AcceptedFiles />
          <UploadForm mapId={null} busy={false} />
          <PreviewForm preview={preview} busy={false} />
        </>
      ),
    },
  ]);
  const html = renderToString(<Stub initialEntries={["/?imported=3&review=1"]} />).replace(/<!-- -->/g, "");
  expect(html).toContain("Imported 3 spots; 1 waits in the review queue.");
  expect(html).toContain('type="file"');
  expect(html).toContain("multiple");
  expect(html).toContain(`encType="multipart/form-data"`);
  expect(html).toContain("New map “Food”</option>");
  expect(html).toContain("Lisbon (published)</option>");
  // A refused file's message names the file itself: it is shown once (issue 28, item 19j).
  expect(html).toContain("<li>broken.kml: line 3: bad</li>");
  expect(html.match(/broken\.kml/g)).toHaveLength(1);
  expect(html.match(/data-status="ready"/g)).toHaveLength(205);
  expect(html).toContain("Show the other 5 rows");
  expect(html).toContain("Update notes of places already imported");
  expect(html).toContain("Confirm import");
});

const emptyCounts = { ready: 0, needs_place: 0, needs_name: 0, duplicate: 0, already_imported: 0, invalid: 0, total: 0, noteChanged: 0 };

it("shows a refused upload's messages once each, under one sentence (no file name said twice)", () => {
  const message = "networklink.kml: this KML file only links to a live map (https://example.com/kml) and holds no places.";
  const html = renderToString(<ImportError error="The file could not be imported:" errors={[{ file: "networklink.kml", message }]} />);
  expect(html).toContain(message);
  expect(html.match(/networklink\.kml/g)).toHaveLength(1);
});

it("says how to get a Takeout and a My Maps export, step by step", () => {
  const html = renderToString(<ExportHowTo />).replace(/<!-- -->/g, "");
  expect(html).toContain("takeout.google.com");
  expect(html).toContain("Deselect all");
  expect(html).toContain("Export to KML/KMZ");
  expect(html.match(/<li>/g)?.length).toBeGreaterThanOrEqual(8);
});

it("says when several lists would each become a map, and offers one map for all; a later list may join an earlier one's new map", () => {
  const list = (index: number, name: string) => ({
    index,
    file: `${name}.gpx`,
    name,
    description: null,
    notices: [],
    target: { kind: "new" as const },
    counts: { ...emptyCounts, ready: 1, total: 1 },
    rows: [{ file: `${name}.gpx`, ref: "wpt 1", name: "P", status: "ready" as const, reason: null, noteChanged: false, geocoded: false }],
  });
  const preview = {
    token: "t".repeat(32),
    errors: [],
    notices: [],
    counts: { ...emptyCounts, ready: 2, total: 2 },
    maps: [],
    separateMaps: "These 2 lists would become 2 separate new draft maps: “Day 1”, “Day 2”.",
    lists: [list(0, "Day 1"), list(1, "Day 2")],
  };
  const Stub = createRoutesStub([{ path: "/", Component: () => <PreviewForm preview={preview} busy={false} /> }]);
  const html = renderToString(<Stub initialEntries={["/"]} />).replace(/<!-- -->/g, "");
  expect(html).toContain("These 2 lists would become 2 separate new draft maps");
  expect(html).toContain('value="together"');
  expect(html).toContain("Put them all in one new map");
  expect(html).toContain('<option value="list:0">The new map “Day 1”, with Day 1.gpx</option>');
});
