import { data, Form, href, Link, redirect, useNavigation } from "react-router";
import { FormAlert, TextField } from "~/components/forms/text-field";
import { useValidatedForm } from "~/components/forms/use-validated-form";
import { Button } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { dbContext } from "~/lib/db-context.server";
import { validate, type FieldErrors } from "~/modules/auth/validation";
import { chooseFirstHandle } from "~/modules/creators/creator-handle.server";
import { firstHandleSchema } from "~/modules/creators/review-validation";
import { requireCreator } from "~/routes/guards.server";
import { studioOverview } from "~/modules/studio/overview.server";
import type { Route } from "./+types/studio-home";
import { creatorPath } from "~/lib/paths";
import { plural } from "~/lib/plural";
import { studioTitle } from "~/lib/page-title";

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireCreator(request, context);
  // A creator's public page is /@{handle}: nothing in the Studio until there is one (the other Studio pages send them here).
  if (!viewer.profile.handle) return { needsHandle: true as const };
  const overview = await studioOverview(context.get(dbContext), viewer.profile.id);
  return { needsHandle: false as const, overview, handle: viewer.profile.handle };
}

interface HandleData {
  fieldErrors?: FieldErrors;
}

/** The first-visit step: choose the handle of the public page. */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = requireCreator(request, context);
  const values = Object.fromEntries([...(await request.formData())].filter(([, v]) => typeof v === "string"));
  const parsed = validate(firstHandleSchema, values);
  if (!parsed.ok) return data<HandleData>({ fieldErrors: parsed.errors }, { status: 400 });
  const result = await chooseFirstHandle(context.get(dbContext), viewer.user.id, parsed.data.handle);
  if (!result.ok) return data<HandleData>({ fieldErrors: result.fieldErrors }, { status: 409 });
  throw redirect(href("/studio"));
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: studioTitle(loaderData?.needsHandle ? "Choose your handle" : "Dashboard") },
  { name: "robots", content: "noindex" },
];

/** /studio: the creator's maps and audience at a glance. */
export default function StudioHome({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.needsHandle) return <ChooseHandle result={actionData} />;
  const { overview, handle } = loaderData;
  return (
    <>
      <main className="mx-auto max-w-6xl px-4 py-10">
        <h1 className="text-3xl font-bold">Dashboard</h1>
        {handle ? (
          <p className="mt-1 text-neutral-600">
            Your public page:{" "}
            <Link to={creatorPath(handle)} className="font-medium text-brand-700 hover:underline">
              /@{handle}
            </Link>
          </p>
        ) : null}
        <dl className="mt-8 grid max-w-xl grid-cols-3 gap-4" data-testid="studio-stats">
          <Stat label="Maps" value={overview.maps.length} />
          <Stat label="Followers" value={overview.followers} />
          <Stat label="Supporters" value={overview.supporters} />
        </dl>
        <h2 className="mt-10 mb-4 text-xl font-semibold">Your maps</h2>
        {overview.maps.length === 0 ? (
          <EmptyState title="No maps yet" description="Maps you create appear here, with their spots and whether they are published." />
        ) : (
          <ul className="divide-y divide-neutral-200 rounded-xl border border-neutral-200" data-testid="studio-maps">
            {overview.maps.map((map) => (
              <li key={map.id} className="flex items-center gap-4 px-4 py-3">
                <div className="min-w-0 flex-1">
                  <p className="truncate font-medium">{map.title}</p>
                  <p className="text-sm text-neutral-600">{plural(map.spotCount, "spot")}</p>
                </div>
                <span
                  className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${map.isPublished ? "bg-brand-50 text-brand-700" : "bg-neutral-100 text-neutral-700"}`}
                >
                  {map.isPublished ? "Published" : "Draft"}
                </span>
                <Link to={href("/maps/:mapId", { mapId: map.currentSlug })} className="text-sm font-medium text-brand-700 hover:underline">
                  View
                </Link>
              </li>
            ))}
          </ul>
        )}
      </main>
    </>
  );
}

function Stat({ label, value }: { label: string; value: number }) {
  return (
    <div className="rounded-xl border border-neutral-200 p-4">
      <dt className="text-sm text-neutral-600">{label}</dt>
      <dd className="text-2xl font-bold">{value}</dd>
    </div>
  );
}

function ChooseHandle({ result }: { result?: HandleData }) {
  const navigation = useNavigation();
  const { fields, formProps } = useValidatedForm(firstHandleSchema, result?.fieldErrors);
  return (
    <>
      <main className="mx-auto max-w-md px-4 py-10">
        <h1 className="text-3xl font-bold">Choose your handle</h1>
        <p className="mt-2 text-neutral-700">Your public page will be at /@your-handle. Choose it before you start: your profile is not public until you do.</p>
        <div className="mt-6">
          <FormAlert message={result?.fieldErrors?.[""]} />
        </div>
        <Form method="post" {...formProps} className="space-y-4">
          <TextField label="Handle" name="handle" autoComplete="off" autoCapitalize="none" spellCheck={false} error={fields.handle.errors?.[0]} />
          <Button type="submit" disabled={navigation.state !== "idle"} className="w-full">
            Continue to the Studio
          </Button>
        </Form>
      </main>
    </>
  );
}
