/**
 * "Download: GPX · KML · GeoJSON": the map's spots as a file for a GPS or
 * maps app. Each file holds what this viewer may open (the server decides),
 * so the links are the same for everyone.
 */
import { Download } from "lucide-react";
import { Fragment } from "react";
import { plural } from "~/lib/plural";
import { EXPORT_FORMATS, FORMAT_LABELS, mapExportPath } from "~/modules/exports/formats";

/** `locked`: how many of the map's spots this viewer may not open (they are not in the files). */
export function MapDownloads({ map, locked }: { map: { currentSlug: string; title: string }; locked: number }) {
  return (
    <p className="flex flex-wrap items-center gap-1 text-sm text-neutral-700" data-testid="map-downloads">
      <Download aria-hidden className="size-4" /> Download:
      {EXPORT_FORMATS.map((format, i) => (
        <Fragment key={format}>
          {i > 0 ? <span aria-hidden>·</span> : null}
          <a
            href={mapExportPath(map, format)}
            download
            className="font-medium text-brand-700 hover:underline"
            aria-label={`Download ${map.title} as ${FORMAT_LABELS[format]}`}
          >
            {FORMAT_LABELS[format]}
          </a>
        </Fragment>
      ))}
      {locked > 0 ? <span className="text-neutral-500">({plural(locked, "locked spot")} not included)</span> : null}
    </p>
  );
}
