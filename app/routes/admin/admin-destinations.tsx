import { ArrowDown, ArrowUp, Search } from "lucide-react";
import { useId, useState } from "react";
import { data, Form, href, Link, redirect, useFetcher, useNavigation } from "react-router";
import { inputClass } from "~/components/admin/category-form";
import { SortableList, useSavedOrder } from "~/components/admin/sortable-list";
import { FormAlert } from "~/components/forms/text-field";
import { useValidatedForm } from "~/components/forms/use-validated-form";
import { MarkdownPreview } from "~/components/markdown-preview";
import { Button, ButtonLink } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { countryName } from "~/lib/country";
import { dbContext } from "~/lib/db-context.server";
import { validate, type FieldErrors } from "~/lib/form-validation";
import { adminTitle } from "~/lib/page-title";
import { plural } from "~/lib/plural";
import { useHydrated } from "~/lib/use-hydrated";
import { clientIp } from "~/modules/auth/session.server";
import {
  cityIdOf,
  featureCity,
  featuredForAdmin,
  moveFeatured,
  reorderFeatured,
  searchCities,
  setDestinationDetails,
  unfeatureCity,
  type AdminDestination,
  type DestinationResult,
} from "~/modules/destinations/destination-admin.server";
import { DESTINATION_LIMITS, destinationDetailsSchema } from "~/modules/destinations/destination-validation";
import { MAX_PHOTO_BYTES, PHOTO_ACCEPT, PHOTO_TEXT } from "~/modules/images/photo-validation";
import { requireAdmin } from "~/routes/guards.server";
import type { Route } from "./+types/admin-destinations";

const DONE: Record<string, string> = {
  featured: "The city is featured: it is on the home page and first on /destinations",
  unfeatured: "The city is no longer featured",
  moved: "The order was saved",
  updated: "The destination was saved",
};

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  const db = context.get(dbContext);
  const search = new URL(request.url).searchParams;
  const q = (search.get("q") ?? "").slice(0, DESTINATION_LIMITS.query);
  const [featured, results] = await Promise.all([featuredForAdmin(db), searchCities(db, q)]);
  return {
    featured,
    q,
    results,
    editing: featured.find((d) => d.id === search.get("edit")) ?? null,
    notice: DONE[search.get("done") ?? ""] ?? null,
  };
}

export interface DestinationsActionData {
  intent: string;
  id?: string;
  formError?: string;
  fieldErrors?: FieldErrors;
  values?: Record<string, string>;
}

const INTENTS = ["feature", "unfeature", "reorder", "move", "details"] as const;

export async function action({ request, context }: Route.ActionArgs) {
  const admin = requireAdmin(request, context);
  const db = context.get(dbContext);
  const actor = { userId: admin.user.id, ip: clientIp(context) };
  const form = await request.formData();
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const intent = text("intent");
  const rawId = text("id");
  const refused = (status: number, body: Omit<DestinationsActionData, "intent">) => data<DestinationsActionData>({ intent, id: rawId, ...body }, { status });
  if (!(INTENTS as readonly string[]).includes(intent)) return refused(400, { formError: "Unknown request" });
  // Where a form post comes back to: the same search, the same city in the editor.
  const back = (done: string) => {
    const params = new URLSearchParams({ done });
    if (text("q")) params.set("q", text("q"));
    if (intent === "details") params.set("edit", rawId);
    return `${href("/admin/destinations")}?${params}`;
  };

  if (intent === "reorder") {
    const ids = form.getAll("ids").map(cityIdOf);
    if (ids.some((id) => id === null)) return refused(409, { formError: "The list changed meanwhile: reload the page and try again" });
    const result = await reorderFeatured(db, actor, ids as number[]);
    return result.ok ? data<DestinationsActionData>({ intent }) : refused(result.status, { formError: result.error });
  }

  const id = cityIdOf(rawId);
  if (id === null) return refused(404, { formError: "This city is not in the list of destinations" });
  let result: DestinationResult;
  let done: string;
  if (intent === "feature") {
    result = await featureCity(db, actor, id);
    done = "featured";
  } else if (intent === "unfeature") {
    result = await unfeatureCity(db, actor, id);
    done = "unfeatured";
  } else if (intent === "move") {
    const direction = text("direction");
    if (direction !== "up" && direction !== "down") return refused(400, { formError: "Unknown request" });
    result = await moveFeatured(db, actor, id, direction);
    done = "moved";
  } else {
    const values = { description: text("description") };
    const parsed = validate(destinationDetailsSchema, values);
    if (!parsed.ok) return refused(400, { fieldErrors: parsed.errors, values });
    const file = form.get("cover");
    let cover: Uint8Array | "remove" | undefined;
    if (file instanceof File && file.size > 0) {
      if (file.size > MAX_PHOTO_BYTES) return refused(400, { fieldErrors: { cover: PHOTO_TEXT.tooLarge }, values });
      cover = new Uint8Array(await file.arrayBuffer());
    } else if (form.get("removeCover") === "on") {
      cover = "remove";
    }
    result = await setDestinationDetails(db, actor, id, parsed.data, cover);
    if (!result.ok) return refused(result.status, { formError: result.error, fieldErrors: result.fieldErrors, values });
    done = "updated";
  }
  if (!result.ok) return refused(result.status, { formError: result.error, fieldErrors: result.fieldErrors });
  throw redirect(back(done));
}

export const meta: Route.MetaFunction = () => [{ title: adminTitle("Destinations") }, { name: "robots", content: "noindex" }];

/**
 * /admin/destinations: the featured destinations in their order (the home page's and the first on
 * /destinations), each one's cover and description, and the search over every city to feature one.
 */
export default function AdminDestinations({ loaderData, actionData }: Route.ComponentProps) {
  const { featured, q, results, editing, notice } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const fetcher = useFetcher<typeof action>();
  const [ordered, move] = useSavedOrder(featured, (ids) => {
    const body = new FormData();
    body.set("intent", "reorder");
    for (const id of ids) body.append("ids", id);
    void fetcher.submit(body, { method: "post", action: href("/admin/destinations") });
  });
  const reorderError = fetcher.data && "formError" in fetcher.data ? fetcher.data.formError : undefined;
  const detailsResult = actionData?.intent === "details" ? actionData : undefined;
  const otherError = actionData && actionData.intent !== "details" ? actionData.formError : undefined;

  return (
    <main className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-bold">Destinations</h1>
      <p className="mt-2 max-w-3xl text-neutral-700">
        Featured destinations are the home page’s and the first ones on /destinations, in this order. Any city can be featured: find it below.
      </p>
      <div className="mt-4">
        {notice && !actionData ? <FormAlert tone="success" message={notice} /> : null}
        <FormAlert message={otherError ?? reorderError} />
      </div>

      <div className="mt-6 grid gap-8 lg:grid-cols-[minmax(0,1fr)_24rem]">
        <section aria-labelledby="featured-title">
          <h2 id="featured-title" className="mb-3 text-xl font-semibold">
            Featured <span className="text-base font-normal text-neutral-600">({featured.length})</span>
          </h2>
          {featured.length === 0 ? (
            <EmptyState title="No featured destinations" description="Find a city and feature it: it appears on the home page." />
          ) : (
            <>
              <p className="mb-2 text-sm text-neutral-600">Drag a row by its handle, or focus the handle and press ↑ or ↓.</p>
              <SortableList items={ordered} label="Featured destinations in order" nameOf={(d) => d.name} onMove={move} testId="featured-list">
                {(d, index) => <FeaturedRow destination={d} index={index} total={ordered.length} q={q} busy={busy} />}
              </SortableList>
            </>
          )}
        </section>

        <div className="space-y-6">
          {editing ? (
            <DetailsForm key={`${editing.id}:${JSON.stringify(detailsResult?.values ?? null)}`} destination={editing} result={detailsResult} q={q} />
          ) : null}
          <CitySearch q={q} results={results} busy={busy} />
        </div>
      </div>
    </main>
  );
}

function FeaturedRow({ destination: d, index, total, q, busy }: { destination: AdminDestination; index: number; total: number; q: string; busy: boolean }) {
  return (
    <>
      <span aria-hidden className="w-6 text-right text-sm font-semibold text-neutral-500 tabular-nums">
        {index + 1}
      </span>
      {d.coverImageUrl ? (
        <img src={d.coverImageUrl} alt="" className="h-9 w-16 rounded object-cover" />
      ) : (
        <span aria-hidden className="h-9 w-16 rounded bg-neutral-100" />
      )}
      <span className="min-w-0 flex-1">
        <span className="block font-medium" data-testid="destination-name">
          {d.name}
        </span>
        <span className="block text-xs text-neutral-600">
          {countryName(d.country)} · {plural(d.mapCount, "map")}
          {d.description ? " · has a description" : ""}
        </span>
      </span>
      <Form method="post" className="flex gap-1">
        <input type="hidden" name="intent" value="move" />
        <input type="hidden" name="id" value={d.id} />
        <input type="hidden" name="q" value={q} />
        <button
          type="submit"
          name="direction"
          value="up"
          disabled={index === 0 || busy}
          aria-label={`Move ${d.name} up`}
          className="grid size-8 place-items-center rounded-md text-neutral-600 hover:bg-neutral-100 disabled:opacity-30"
        >
          <ArrowUp aria-hidden className="size-4" />
        </button>
        <button
          type="submit"
          name="direction"
          value="down"
          disabled={index === total - 1 || busy}
          aria-label={`Move ${d.name} down`}
          className="grid size-8 place-items-center rounded-md text-neutral-600 hover:bg-neutral-100 disabled:opacity-30"
        >
          <ArrowDown aria-hidden className="size-4" />
        </button>
      </Form>
      <Link
        to={`${href("/admin/destinations")}?${new URLSearchParams({ edit: d.id, ...(q ? { q } : {}) })}`}
        className="rounded-md px-2 py-1 text-sm font-medium text-brand-700 hover:bg-brand-50"
        aria-label={`Edit ${d.name}`}
      >
        Edit
      </Link>
      <Form method="post">
        <input type="hidden" name="intent" value="unfeature" />
        <input type="hidden" name="id" value={d.id} />
        <input type="hidden" name="q" value={q} />
        <Button type="submit" variant="secondary" size="sm" aria-label={`Unfeature ${d.name}`} disabled={busy}>
          Unfeature
        </Button>
      </Form>
    </>
  );
}

function DetailsForm({ destination: d, result, q }: { destination: AdminDestination; result?: DestinationsActionData; q: string }) {
  const id = useId();
  const hydrated = useHydrated();
  const { fields, formProps } = useValidatedForm(destinationDetailsSchema, result?.fieldErrors);
  const errors = { description: fields.description.errors?.[0], cover: result?.fieldErrors?.cover };
  const [description, setDescription] = useState(result?.values?.description ?? d.description ?? "");
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      {...formProps}
      className="space-y-4 rounded-xl border border-neutral-200 bg-white p-4"
      data-testid="destination-form"
    >
      <h2 className="text-lg font-semibold">
        {d.name}, {countryName(d.country)}
      </h2>
      <FormAlert message={result?.formError} />
      <input type="hidden" name="intent" value="details" />
      <input type="hidden" name="id" value={d.id} />
      <input type="hidden" name="q" value={q} />
      <div>
        <label htmlFor={`${id}-description`} className="mb-1 block text-sm font-medium text-neutral-800">
          Description
        </label>
        <textarea
          id={`${id}-description`}
          name="description"
          rows={6}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          aria-invalid={errors.description ? true : undefined}
          aria-describedby={`${id}-description-hint${errors.description ? ` ${id}-description-error` : ""}`}
          className={`${inputClass(errors.description)} h-auto py-2`}
        />
        <p id={`${id}-description-hint`} className="mt-1 text-sm text-neutral-600">
          Shown on the destination’s page. Plain text or markdown (**bold**, [links](https://…), - lists).
        </p>
        {errors.description ? (
          <p id={`${id}-description-error`} className="mt-1 text-sm text-red-700" data-testid="error-description">
            {errors.description}
          </p>
        ) : null}
        {hydrated && description.trim() ? (
          <div className="mt-2 rounded-lg border border-neutral-100 bg-neutral-50 p-3 text-sm" aria-label="Preview">
            <MarkdownPreview source={description} topLevel={3} />
          </div>
        ) : null}
      </div>
      <div className="space-y-2">
        {d.coverImageUrl ? <img src={d.coverImageUrl} alt="The current cover" className="aspect-video w-full rounded-lg object-cover" /> : null}
        <label htmlFor={`${id}-cover`} className="block text-sm font-medium text-neutral-800">
          {d.coverImageUrl ? "Replace the cover" : "Cover"}{" "}
          <span className="font-normal text-neutral-600">(JPEG, PNG, WebP, HEIC or AVIF, up to 15 MB; cut to 16:9)</span>
        </label>
        <input
          id={`${id}-cover`}
          type="file"
          name="cover"
          accept={PHOTO_ACCEPT}
          aria-invalid={errors.cover ? true : undefined}
          aria-describedby={errors.cover ? `${id}-cover-error` : undefined}
          className="block w-full text-sm"
          data-testid="destination-cover-input"
        />
        {errors.cover ? (
          <p id={`${id}-cover-error`} className="text-sm text-red-700" data-testid="error-cover">
            {errors.cover}
          </p>
        ) : null}
        {d.coverImageUrl ? (
          <label className="flex items-center gap-2 text-sm text-neutral-700">
            <input type="checkbox" name="removeCover" className="accent-brand-600" /> Remove the cover
          </label>
        ) : null}
      </div>
      <div className="flex gap-2">
        <Button type="submit" size="md">
          Save
        </Button>
        <ButtonLink
          to={`${href("/admin/destinations")}${q ? `?${new URLSearchParams({ q })}` : ""}`}
          variant="secondary"
          size="md"
          className="inline-flex items-center"
        >
          Close
        </ButtonLink>
      </div>
    </Form>
  );
}

function CitySearch({ q, results, busy }: { q: string; results: Awaited<ReturnType<typeof searchCities>>; busy: boolean }) {
  const id = useId();
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-xl border border-neutral-200 bg-white p-4">
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        Find a city
      </h2>
      <Form method="get" className="mt-2 flex gap-2" role="search">
        <label htmlFor={`${id}-q`} className="sr-only">
          City name
        </label>
        <input id={`${id}-q`} type="search" name="q" defaultValue={q} placeholder="e.g. Malaga" className={inputClass()} data-testid="city-search" />
        <Button type="submit" variant="secondary" size="md" aria-label="Search">
          <Search aria-hidden className="size-4" />
        </Button>
      </Form>
      {q.trim().length >= 2 ? (
        results.length === 0 ? (
          <p className="mt-3 text-sm text-neutral-600">No city’s name starts with “{q}”.</p>
        ) : (
          <ul className="mt-3 divide-y divide-neutral-100" data-testid="city-results">
            {results.map((city) => (
              <li key={city.id} className="flex items-center justify-between gap-2 py-2">
                <span className="min-w-0">
                  <span className="block font-medium">{city.name}</span>
                  <span className="block text-xs text-neutral-600">
                    {countryName(city.country)} · {city.population.toLocaleString("en")} people
                  </span>
                </span>
                <Form method="post">
                  <input type="hidden" name="intent" value={city.isFeatured ? "unfeature" : "feature"} />
                  <input type="hidden" name="id" value={city.id} />
                  <input type="hidden" name="q" value={q} />
                  <Button
                    type="submit"
                    variant={city.isFeatured ? "secondary" : "primary"}
                    size="sm"
                    disabled={busy}
                    aria-label={`${city.isFeatured ? "Unfeature" : "Feature"} ${city.name}, ${countryName(city.country)}`}
                  >
                    {city.isFeatured ? "Unfeature" : "Feature"}
                  </Button>
                </Form>
              </li>
            ))}
          </ul>
        )
      ) : (
        <p className="mt-3 text-sm text-neutral-600">Type the start of a name (accents do not matter).</p>
      )}
    </section>
  );
}
