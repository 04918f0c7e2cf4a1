/**
 * The basemap the settings ask for, and the hosts the browser must be let reach for it (the CSP's
 * connect-src: MapLibre fetches styles, TileJSON, tiles, glyphs and sprites, in its workers too).
 * Exactly those hosts: OpenFreeMap's one host by default, a MAP_STYLE_URL style's own origin and the
 * MAP_STYLE_HOSTS listed with it, and none at all for the offline or the self-hosted basemap.
 */
import type { Env } from "~/lib/env.server";
import { BASEMAP_ARCHIVE_PATH, type Basemap, OPENFREEMAP_ATTRIBUTION, OPENFREEMAP_STYLE_URL } from "./basemap";

export interface BasemapSettings {
  basemap: Basemap;
  /** Origins for connect-src (besides 'self'). */
  connectOrigins: string[];
  /** BASEMAP_PMTILES as set: the archive this app serves at BASEMAP_ARCHIVE_PATH. */
  archive: string | null;
  /** One line for the startup log: which basemap, from where. */
  summary: string;
}

export function basemapSettings(e: Pick<Env, "MAP_STYLE_URL" | "MAP_STYLE_HOSTS" | "BASEMAP_PMTILES">): BasemapSettings {
  if (e.BASEMAP_PMTILES) {
    return {
      basemap: { kind: "pmtiles", archiveUrl: BASEMAP_ARCHIVE_PATH },
      connectOrigins: [],
      archive: e.BASEMAP_PMTILES,
      summary: `maps: self-hosted PMTiles basemap (BASEMAP_PMTILES) at ${BASEMAP_ARCHIVE_PATH}; the offline basemap when it fails`,
    };
  }
  if (e.MAP_STYLE_URL === "off") {
    return { basemap: { kind: "offline" }, connectOrigins: [], archive: null, summary: "maps: offline basemap only (MAP_STYLE_URL=off)" };
  }
  if (e.MAP_STYLE_URL) {
    const origins = unique([new URL(e.MAP_STYLE_URL).origin, ...hostList(e.MAP_STYLE_HOSTS)]);
    return {
      basemap: { kind: "style", styleUrl: e.MAP_STYLE_URL, attribution: null },
      connectOrigins: origins,
      archive: null,
      summary: `maps: street map from MAP_STYLE_URL (the CSP allows ${origins.join(", ")}); the offline basemap when it does not answer`,
    };
  }
  const origin = new URL(OPENFREEMAP_STYLE_URL).origin;
  return {
    basemap: { kind: "style", styleUrl: OPENFREEMAP_STYLE_URL, attribution: OPENFREEMAP_ATTRIBUTION },
    connectOrigins: [origin],
    archive: null,
    summary: `maps: OpenFreeMap street map from ${origin}; the offline basemap when it does not answer (MAP_STYLE_URL=off: offline only)`,
  };
}

/** "https://a.example, https://b.example:8443" → their origins. */
function hostList(value: string): string[] {
  return value
    .split(",")
    .map((h) => h.trim())
    .filter(Boolean)
    .map((h) => new URL(h).origin);
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}
