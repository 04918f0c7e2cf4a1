import { Eye } from "lucide-react";
import { Form, href } from "react-router";
import { viewAsLabel, type ViewAsState } from "~/modules/view-as";

/** On every page while an admin views the site as someone else: whom, that nothing can be changed, and the way out. */
export function ViewAsBanner({ state }: { state: ViewAsState }) {
  return (
    <div role="status" className="sticky top-0 z-50 border-b border-amber-300 bg-amber-100 text-amber-950" data-testid="view-as-banner">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-3 px-4 py-2 text-sm">
        <Eye aria-hidden className="size-4 shrink-0" />
        <p className="flex-1">
          <strong>Viewing as {viewAsLabel(state)}.</strong> Read-only: nothing can be changed, and no view is counted.
        </p>
        <Form method="post" action={href("/admin/view-as")} reloadDocument>
          <input type="hidden" name="intent" value="stop" />
          <button type="submit" className="rounded-lg bg-amber-950 px-3 py-1.5 font-medium text-white hover:bg-amber-900">
            Stop viewing as
          </button>
        </Form>
      </div>
    </div>
  );
}
