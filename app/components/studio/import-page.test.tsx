import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { expect, it } from "vitest";
import { PreviewForm, UploadForm, AcceptedFiles } from "./import-page";
import { ImportedNotice } from "./imported-notice";

/** The import page's parts render the preview as the action hands it over, before any script runs. */
it("renders the upload form, the preview with its targets and rows (the rest on demand), and the editor's notice", () => {
  const preview = {
    token: "t".repeat(32),
    errors: [{ file: "broken.kml", message: "broken.kml: line 3: bad" }],
    notices: ["No geocoder is configured: 1 row without coordinates will wait in the review queue for you to place them."],
    counts: { ready: 1, needs_place: 1, duplicate: 0, already_imported: 0, invalid: 0, total: 2, noteChanged: 0 },
    maps: [{ id: "11111111-1111-1111-1111-111111111111", title: "Lisbon", isPublished: true }],
    lists: [
      {
        index: 0,
        file: "Saved/Food.csv",
        name: "Food",
        description: "d",
        notices: ["n"],
        target: { kind: "new" as const },
        counts: { ready: 1, needs_place: 1, duplicate: 0, already_imported: 0, invalid: 0, total: 2, noteChanged: 0 },
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
  expect(html).toContain("broken.kml</strong>: broken.kml: line 3: bad");
  expect(html.match(/data-status="ready"/g)).toHaveLength(205);
  expect(html).toContain("Show the other 5 rows");
  expect(html).toContain("Update notes of places already imported");
  expect(html).toContain("Confirm import");
});
