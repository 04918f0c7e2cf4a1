/**
 * /studio/maps: the creator's maps as rows with their numbers and one form per
 * action (each works before JavaScript loads). Delete asks first.
 */
import { Copy, Eye, FileUp, Pencil, Trash2 } from "lucide-react";
import { useState } from "react";
import { Form, href, Link, useNavigation, useSearchParams } from "react-router";
import { CoverArt } from "~/components/cover-art";
import { MapDownloads } from "~/components/maps/map-downloads";
import { Button, ButtonLink } from "~/components/ui/button";
import { Modal } from "~/components/ui/modal";
import { plural } from "~/lib/plural";
import { useHydrated } from "~/lib/use-hydrated";
import { coverSrcSet } from "~/modules/images/variants";
import type { StudioMapRow } from "~/modules/maps/map-list.server";
import { publishLabel } from "~/modules/spots/publishing-rules";

const day = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeZone: "UTC" });

/** The param that names the map whose deletion is being confirmed. */
export const DELETE_PARAM = "delete";

/** One form button posting an intent for a map to the page's action. */
function IntentButton({
  intent,
  mapId,
  children,
  variant = "secondary",
}: {
  intent: string;
  mapId: string;
  children: React.ReactNode;
  variant?: "secondary" | "primary";
}) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("mapId") === mapId && navigation.formData?.get("intent") === intent;
  return (
    <Form method="post" action={href("/studio/maps")} preventScrollReset>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="mapId" value={mapId} />
      <Button type="submit" variant={variant} size="sm" disabled={busy} className="inline-flex items-center gap-1.5">
        {children}
      </Button>
    </Form>
  );
}

function MapRow({ map, error, onDelete, takenDown }: { map: StudioMapRow; error?: string; onDelete?: (mapId: string) => void; takenDown: boolean }) {
  return (
    <li className="flex flex-col gap-4 p-4 sm:flex-row sm:items-start" data-testid="studio-map" data-map-id={map.id}>
      <Link to={href("/studio/maps/:mapId", { mapId: map.id })} className="block w-full shrink-0 overflow-hidden rounded-lg sm:w-40" tabIndex={-1} aria-hidden>
        {map.coverImageUrl ? (
          <img
            src={map.coverImageUrl}
            srcSet={coverSrcSet(map.coverImageUrl)}
            sizes="(min-width: 40rem) 10rem, 100vw"
            alt=""
            className="aspect-video w-full object-cover"
            loading="lazy"
          />
        ) : (
          <CoverArt seed={map.id} className="aspect-video w-full" />
        )}
      </Link>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="truncate text-lg font-semibold">
            <Link to={href("/studio/maps/:mapId", { mapId: map.id })} className="hover:underline">
              {map.title}
            </Link>
          </h2>
          <span
            className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${takenDown ? "bg-red-50 text-red-800" : map.isPublished ? "bg-brand-50 text-brand-700" : "bg-neutral-100 text-neutral-700"}`}
            data-testid="map-status"
          >
            {takenDown ? "Taken down" : map.isPublished ? "Published" : "Draft"}
          </span>
        </div>
        <p className="mt-1 text-sm text-neutral-600" data-testid="map-numbers">
          {plural(map.spotCount, "spot")}
          {map.spotCount !== map.publishedSpotCount ? ` (${map.publishedSpotCount} published)` : ""} · {plural(map.views, "view")} · {plural(map.saves, "save")}{" "}
          · Updated <time dateTime={new Date(map.updatedAt).toISOString()}>{day.format(new Date(map.updatedAt))}</time>
        </p>
        {/* The owner's files hold every spot, drafts included: nothing is locked for them. */}
        <div className="mt-1">
          <MapDownloads map={map} locked={0} />
        </div>
        {error ? (
          <p role="alert" className="mt-2 text-sm font-medium text-red-800" data-testid="map-error">
            {error}
          </p>
        ) : null}
        <div className="mt-3 flex flex-wrap items-center gap-2">
          <ButtonLink to={href("/studio/maps/:mapId", { mapId: map.id })} variant="primary" size="sm" className="inline-flex items-center gap-1.5">
            <Pencil aria-hidden className="size-4" /> Edit
          </ButtonLink>
          {map.isPublished ? (
            <ButtonLink to={href("/maps/:mapId", { mapId: map.currentSlug })} variant="secondary" size="sm" className="inline-flex items-center gap-1.5">
              <Eye aria-hidden className="size-4" /> View public page
            </ButtonLink>
          ) : null}
          <ButtonLink
            to={`${href("/studio/maps/import/google-saved-lists")}?${new URLSearchParams({ map: map.id })}`}
            variant="secondary"
            size="sm"
            className="inline-flex items-center gap-1.5"
            aria-label={`Import places into “${map.title}”`}
          >
            <FileUp aria-hidden className="size-4" /> Import
          </ButtonLink>
          {/* A taken-down map can neither be copied nor published until it is restored (the server refuses both). */}
          {takenDown ? null : (
            <IntentButton intent="duplicate" mapId={map.id}>
              <Copy aria-hidden className="size-4" /> Duplicate
            </IntentButton>
          )}
          {takenDown ? null : map.isPublished ? (
            <IntentButton intent="unpublish" mapId={map.id}>
              Unpublish
            </IntentButton>
          ) : (
            <IntentButton intent="publish" mapId={map.id}>
              {publishLabel(map.publishedSpotCount)}
            </IntentButton>
          )}
          {onDelete ? (
            <Button variant="danger-secondary" size="sm" className="inline-flex items-center gap-1.5" onClick={() => onDelete(map.id)}>
              <Trash2 aria-hidden className="size-4" /> Delete
            </Button>
          ) : (
            <ButtonLink
              to={`?${new URLSearchParams({ [DELETE_PARAM]: map.id })}`}
              preventScrollReset
              variant="danger-secondary"
              size="sm"
              className="inline-flex items-center gap-1.5"
            >
              <Trash2 aria-hidden className="size-4" /> Delete
            </ButtonLink>
          )}
        </div>
      </div>
    </li>
  );
}

function DeleteQuestion({ map, onCancel }: { map: StudioMapRow; onCancel?: () => void }) {
  return (
    <>
      <p className="text-sm text-neutral-700">
        “{map.title}” and its {plural(map.spotCount, "spot")} will be removed from your public page, from search and from everyone’s Atlas, with every save of
        it. This cannot be undone.
      </p>
      <Form method="post" action={href("/studio/maps")} className="mt-6 flex justify-end gap-2">
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="mapId" value={map.id} />
        {onCancel ? (
          <Button variant="secondary" size="md" onClick={onCancel}>
            Cancel
          </Button>
        ) : (
          <ButtonLink to={href("/studio/maps")} variant="secondary" size="md" className="inline-flex items-center">
            Cancel
          </ButtonLink>
        )}
        <Button type="submit" variant="danger" size="md">
          Delete map
        </Button>
      </Form>
    </>
  );
}

/**
 * The list with its delete confirmation. Before the scripts run, Delete is a
 * link to `?delete={id}` and the question is a panel on the page; once they
 * run, it is a dialog opened in place (the dialog closes on navigation, so its
 * open state is not kept in the URL).
 */
export function StudioMapList({
  maps,
  errorFor,
  takenDownIds = [],
}: {
  maps: StudioMapRow[];
  errorFor?: { mapId: string; error: string };
  /** Maps an admin took down: shown as such, without Duplicate or Publish. */
  takenDownIds?: readonly string[];
}) {
  const [params, setParams] = useSearchParams();
  const hydrated = useHydrated();
  const [deleting, setDeleting] = useState<string | null>(() => params.get(DELETE_PARAM));
  const linked = maps.find((m) => m.id === params.get(DELETE_PARAM));
  const asked = maps.find((m) => m.id === deleting);
  const close = () => {
    setDeleting(null);
    if (params.has(DELETE_PARAM)) {
      setParams(
        (prev) => {
          prev.delete(DELETE_PARAM);
          return prev;
        },
        { preventScrollReset: true, replace: true },
      );
    }
  };
  return (
    <>
      {!hydrated && linked ? (
        <section className="mb-6 rounded-xl border border-red-300 bg-red-50 p-4" aria-labelledby="delete-title">
          <h2 id="delete-title" className="mb-2 font-semibold">
            Delete “{linked.title}”?
          </h2>
          <DeleteQuestion map={linked} />
        </section>
      ) : null}
      {hydrated ? (
        <Modal open={Boolean(asked)} onOpenChange={(open) => (open ? undefined : close())} title={asked ? `Delete “${asked.title}”?` : "Delete map"}>
          {asked ? <DeleteQuestion map={asked} onCancel={close} /> : null}
        </Modal>
      ) : null}
      <ul className="divide-y divide-neutral-200 rounded-xl border border-neutral-200 bg-white" data-testid="studio-map-list">
        {maps.map((map) => (
          <MapRow
            key={map.id}
            map={map}
            error={errorFor?.mapId === map.id ? errorFor.error : undefined}
            onDelete={hydrated ? setDeleting : undefined}
            takenDown={takenDownIds.includes(map.id)}
          />
        ))}
      </ul>
    </>
  );
}
