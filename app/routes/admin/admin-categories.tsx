import { ArrowDown, ArrowUp } from "lucide-react";
import { data, Form, href, Link, redirect, useFetcher, useNavigation } from "react-router";
import { CategoryForm, inputClass } from "~/components/admin/category-form";
import { SortableList, useSavedOrder } from "~/components/admin/sortable-list";
import { FormAlert } from "~/components/forms/text-field";
import { PinIconSprite } from "~/components/map/pin-icons";
import { CategoryIcon } from "~/components/maps/spots-with-map";
import { Button } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { dbContext } from "~/lib/db-context.server";
import { validate, type FieldErrors } from "~/lib/form-validation";
import { adminTitle } from "~/lib/page-title";
import { plural } from "~/lib/plural";
import { clientIp } from "~/modules/auth/session.server";
import { categoryFieldsSchema } from "~/modules/categories/category-validation";
import {
  createSiteCategory,
  creatorCategoriesForAdmin,
  deleteSiteCategory,
  mergeSiteCategory,
  moveSiteCategory,
  promoteCreatorCategory,
  reorderSiteCategories,
  siteCategoriesForAdmin,
  updateSiteCategory,
  type AdminCategory,
  type CategoryResult,
} from "~/modules/categories/site-categories.server";
import { requireAdmin } from "~/routes/guards.server";
import type { Route } from "./+types/admin-categories";

/** `?done=` after a form post, and what it says. */
const DONE: Record<string, string> = {
  created: "The category was added",
  updated: "The category was saved",
  moved: "The order was saved",
  deleted: "The category was deleted",
  merged: "The categories were merged: the spots moved",
  promoted: "The category is now one of the site's",
};

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  const db = context.get(dbContext);
  const search = new URL(request.url).searchParams;
  const [site, creators] = await Promise.all([siteCategoriesForAdmin(db), creatorCategoriesForAdmin(db)]);
  const editId = search.get("edit");
  return { site, creators, editing: site.find((c) => c.id === editId) ?? null, notice: DONE[search.get("done") ?? ""] ?? null };
}

export interface CategoriesActionData {
  intent: string;
  id?: string;
  formError?: string;
  fieldErrors?: FieldErrors;
  values?: Record<string, string>;
}

const INTENTS = ["create", "update", "reorder", "move", "delete", "merge", "promote"] as const;

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
  const id = text("id");
  const refused = (status: number, body: Omit<CategoriesActionData, "intent">) => data<CategoriesActionData>({ intent, id, ...body }, { status });
  if (!(INTENTS as readonly string[]).includes(intent)) return refused(400, { formError: "Unknown request" });

  let result: CategoryResult;
  let done: string;
  if (intent === "create" || intent === "update") {
    const values = { name: text("name"), slug: text("slug"), icon: text("icon"), color: text("color") };
    const parsed = validate(categoryFieldsSchema, values);
    if (!parsed.ok) return refused(400, { fieldErrors: parsed.errors, values });
    result = intent === "create" ? await createSiteCategory(db, actor, parsed.data) : await updateSiteCategory(db, actor, id, parsed.data);
    if (!result.ok) return refused(result.status, { formError: result.error, fieldErrors: result.fieldErrors, values });
    done = intent === "create" ? "created" : "updated";
  } else if (intent === "reorder") {
    const ids = form.getAll("ids").map(String);
    result = await reorderSiteCategories(db, actor, ids);
    // The list's own post (a fetcher): an answer, not a page.
    return result.ok ? data<CategoriesActionData>({ intent }) : refused(result.status, { formError: result.error });
  } else if (intent === "move") {
    const direction = text("direction");
    if (direction !== "up" && direction !== "down") return refused(400, { formError: "Unknown request" });
    result = await moveSiteCategory(db, actor, id, direction);
    done = "moved";
  } else if (intent === "delete") {
    result = await deleteSiteCategory(db, actor, id, text("moveTo") || null);
    done = text("moveTo") ? "merged" : "deleted";
  } else if (intent === "merge") {
    if (!text("moveTo")) return refused(400, { fieldErrors: { moveTo: "Choose the category to merge it into" } });
    result = await mergeSiteCategory(db, actor, id, text("moveTo"));
    done = "merged";
  } else {
    result = await promoteCreatorCategory(db, actor, id);
    done = "promoted";
  }
  if (!result.ok) return refused(result.status, { formError: result.error, fieldErrors: result.fieldErrors });
  throw redirect(`${href("/admin/categories")}?done=${done}`);
}

export const meta: Route.MetaFunction = () => [{ title: adminTitle("Categories") }, { name: "robots", content: "noindex" }];

const usesOf = (c: AdminCategory) =>
  [c.spots ? plural(c.spots, "spot") : "", c.maps ? plural(c.maps, "map") : "", c.articles ? plural(c.articles, "article") : ""].filter(Boolean).join(", ") ||
  "not used";

/**
 * /admin/categories: the site's spot categories (the public filters) in their order, the form to
 * add or edit one, delete and merge, and creators' own categories with "Promote to site category".
 */
export default function AdminCategories({ loaderData, actionData }: Route.ComponentProps) {
  const { site, creators, editing, notice } = loaderData;
  const navigation = useNavigation();
  const fetcher = useFetcher<typeof action>();
  const [ordered, move] = useSavedOrder(site, (ids) => {
    const body = new FormData();
    body.set("intent", "reorder");
    for (const id of ids) body.append("ids", id);
    void fetcher.submit(body, { method: "post", action: href("/admin/categories") });
  });
  const formResult = actionData && (actionData.intent === "create" || actionData.intent === "update") ? actionData : undefined;
  const rowResult = actionData && !formResult ? actionData : undefined;
  const reorderError = fetcher.data && "formError" in fetcher.data ? fetcher.data.formError : undefined;
  const posted = formResult?.values;
  const initial = posted
    ? { name: posted.name ?? "", slug: posted.slug ?? "", icon: posted.icon ?? "", color: posted.color ?? "" }
    : {
        name: editing?.name ?? "",
        slug: editing?.slug ?? "",
        icon: editing?.style.icon ?? "pin",
        color: editing?.style.color ?? "#1864AB",
      };

  return (
    <main className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-bold">Categories</h1>
      <p className="mt-2 max-w-3xl text-neutral-700">
        The site’s spot categories: Explore’s filters and the pins’ colours and icons, in this order. Creators’ own categories (from their imports) stay on
        their maps unless you promote one.
      </p>
      <div className="mt-4">
        {notice && !actionData ? <FormAlert tone="success" message={notice} /> : null}
        <FormAlert message={rowResult && !rowResult.fieldErrors ? rowResult.formError : undefined} />
        <FormAlert message={reorderError} />
      </div>
      <PinIconSprite icons={site.map((c) => c.style.icon)} />

      <div className="mt-6 grid gap-8 lg:grid-cols-[minmax(0,1fr)_26rem]">
        <section aria-labelledby="site-categories">
          <h2 id="site-categories" className="mb-3 text-xl font-semibold">
            Site categories <span className="text-base font-normal text-neutral-600">({site.length})</span>
          </h2>
          {site.length === 0 ? (
            <EmptyState title="No categories yet" description="Add the first one with the form." />
          ) : (
            <>
              <p className="mb-2 text-sm text-neutral-600">Drag a row by its handle, or focus the handle and press ↑ or ↓.</p>
              <SortableList items={ordered} label="Site categories in order" nameOf={(c) => c.name} onMove={move} testId="site-categories">
                {(category, index) => (
                  <CategoryRow
                    category={category}
                    index={index}
                    total={ordered.length}
                    others={ordered.filter((c) => c.id !== category.id)}
                    result={rowResult?.id === category.id ? rowResult : undefined}
                    busy={navigation.state !== "idle"}
                  />
                )}
              </SortableList>
            </>
          )}
        </section>

        <div>
          <CategoryForm
            key={`${editing?.id ?? "new"}:${JSON.stringify(formResult?.values ?? null)}`}
            editing={editing ? { id: editing.id, name: editing.name } : null}
            initial={initial}
            errors={{ ...(formResult?.fieldErrors ?? {}), ...(formResult?.formError ? { name: formResult.formError } : {}) }}
            busy={navigation.state !== "idle"}
          />
        </div>
      </div>

      <section aria-labelledby="creator-categories" className="mt-12">
        <h2 id="creator-categories" className="text-xl font-semibold">
          Creators’ categories
        </h2>
        <p className="mt-1 max-w-3xl text-sm text-neutral-600">
          Made by imports (a My Maps layer, a list’s name). They stay on the creator’s maps and are never a site filter, unless promoted: then they are one of
          the site’s categories, for every creator, with their spots.
        </p>
        {creators.length === 0 ? (
          <p className="mt-3 text-sm text-neutral-600">No creator has categories of their own.</p>
        ) : (
          <table className="mt-4 w-full text-left text-sm" data-testid="creator-categories">
            <thead>
              <tr className="border-b border-neutral-200 text-neutral-600">
                <th className="py-2 font-medium">Category</th>
                <th className="py-2 font-medium">Creator</th>
                <th className="py-2 font-medium">Used by</th>
                <th className="py-2 font-medium">
                  <span className="sr-only">Action</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {creators.map((c) => (
                <tr key={c.id} className="border-b border-neutral-100">
                  <td className="py-2 pr-4">
                    <span className="inline-flex items-center gap-2">
                      <CategoryIcon pin={c.style} className="size-5" /> {c.name}
                    </span>
                  </td>
                  <td className="py-2 pr-4">{c.owner.handle ? `@${c.owner.handle}` : (c.owner.displayName ?? "A creator")}</td>
                  <td className="py-2 pr-4">{usesOf(c)}</td>
                  <td className="py-2 text-right">
                    <Form method="post">
                      <input type="hidden" name="intent" value="promote" />
                      <input type="hidden" name="id" value={c.id} />
                      <Button type="submit" variant="secondary" size="sm" aria-label={`Promote ${c.name} to site category`}>
                        Promote to site category
                      </Button>
                    </Form>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </main>
  );
}

function CategoryRow({
  category,
  index,
  total,
  others,
  result,
  busy,
}: {
  category: AdminCategory;
  index: number;
  total: number;
  others: AdminCategory[];
  result?: CategoriesActionData;
  busy: boolean;
}) {
  const inUse = category.spots + category.maps + category.articles > 0;
  const moveToError = result?.fieldErrors?.moveTo;
  return (
    <>
      <span aria-hidden className="w-6 text-right text-sm font-semibold text-neutral-500 tabular-nums">
        {index + 1}
      </span>
      <CategoryIcon pin={category.style} className="size-6" />
      <span className="min-w-0 flex-1">
        <span className="block font-medium" data-testid="category-name">
          {category.name}
        </span>
        <span className="block text-xs text-neutral-600">
          {category.slug} · {category.style.color} · {usesOf(category)}
        </span>
      </span>
      <Form method="post" className="flex gap-1">
        <input type="hidden" name="intent" value="move" />
        <input type="hidden" name="id" value={category.id} />
        <button
          type="submit"
          name="direction"
          value="up"
          disabled={index === 0 || busy}
          aria-label={`Move ${category.name} up`}
          className="grid size-8 place-items-center rounded-md text-neutral-600 hover:bg-neutral-100 disabled:opacity-30"
        >
          <ArrowUp aria-hidden className="size-4" />
        </button>
        <button
          type="submit"
          name="direction"
          value="down"
          disabled={index === total - 1 || busy}
          aria-label={`Move ${category.name} down`}
          className="grid size-8 place-items-center rounded-md text-neutral-600 hover:bg-neutral-100 disabled:opacity-30"
        >
          <ArrowDown aria-hidden className="size-4" />
        </button>
      </Form>
      <Link
        to={`${href("/admin/categories")}?edit=${category.id}`}
        className="rounded-md px-2 py-1 text-sm font-medium text-brand-700 hover:bg-brand-50"
        aria-label={`Edit ${category.name}`}
      >
        Edit
      </Link>
      <details className="w-full" open={Boolean(result)}>
        <summary className="cursor-pointer text-sm text-neutral-700">Delete or merge {category.name}</summary>
        <div className="mt-2 grid gap-3 sm:grid-cols-2">
          <Form method="post" className="space-y-2 rounded-lg border border-neutral-200 p-3">
            <input type="hidden" name="intent" value="delete" />
            <input type="hidden" name="id" value={category.id} />
            {inUse ? (
              <>
                <label htmlFor={`move-${category.id}`} className="block text-sm text-neutral-800">
                  In use ({usesOf(category)}): move them to
                </label>
                <OtherCategories id={`move-${category.id}`} others={others} error={result?.intent === "delete" ? moveToError : undefined} />
              </>
            ) : (
              <p className="text-sm text-neutral-700">Nothing uses it.</p>
            )}
            <Button type="submit" variant="danger-secondary" size="md">
              {inUse ? "Move them and delete" : "Delete"}
            </Button>
          </Form>
          <Form method="post" className="space-y-2 rounded-lg border border-neutral-200 p-3">
            <input type="hidden" name="intent" value="merge" />
            <input type="hidden" name="id" value={category.id} />
            <label htmlFor={`merge-${category.id}`} className="block text-sm text-neutral-800">
              Merge {category.name} into
            </label>
            <OtherCategories id={`merge-${category.id}`} others={others} error={result?.intent === "merge" ? moveToError : undefined} />
            <Button type="submit" variant="secondary" size="md">
              Merge
            </Button>
          </Form>
        </div>
        {result?.formError ? <p className="mt-2 text-sm text-red-700">{result.formError}</p> : null}
      </details>
    </>
  );
}

function OtherCategories({ id, others, error }: { id: string; others: AdminCategory[]; error?: string }) {
  return (
    <>
      <select
        id={id}
        name="moveTo"
        defaultValue=""
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={inputClass(error)}
      >
        <option value="">Choose a category…</option>
        {others.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
      </select>
      {error ? (
        <p id={`${id}-error`} className="text-sm text-red-700" data-testid="error-moveTo">
          {error}
        </p>
      ) : null}
    </>
  );
}
