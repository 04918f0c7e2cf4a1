import { useState } from "react";
import { Inbox } from "lucide-react";
import { href, Link } from "react-router";
import { requireLoopback } from "~/lib/loopback.server";
import { EmptyState } from "~/components/ui/empty-state";
import { Loader } from "~/components/ui/loader";
import { Modal } from "~/components/ui/modal";
import { toast, type ToastKind } from "~/components/ui/toaster";
import type { Route } from "./+types/ui-gallery";

/** A developer's view of the shared UI pieces (loopback only), like a small style guide. */
export function loader({ request, context }: Route.LoaderArgs) {
  requireLoopback(request, context);
  return null;
}

export const meta: Route.MetaFunction = () => [{ title: "UI gallery" }, { name: "robots", content: "noindex" }];

const KINDS: ToastKind[] = ["error", "success", "warning", "info"];

export default function UiGallery() {
  const [modal, setModal] = useState<null | "plain" | "blocking" | "fullscreen">(null);
  return (
    <main className="mx-auto max-w-3xl space-y-10 px-4 py-10">
      <h1 className="text-2xl font-bold">UI gallery</h1>

      <section aria-labelledby="toasts">
        <h2 id="toasts" className="mb-3 font-semibold">
          Toasts
        </h2>
        <div className="flex flex-wrap gap-2">
          {KINDS.map((kind) => (
            <button key={kind} type="button" className="rounded-full border px-4 py-2 text-sm" onClick={() => toast(kind, `A ${kind} toast`, "Second line")}>
              Show {kind} toast
            </button>
          ))}
        </div>
      </section>

      <section aria-labelledby="modals">
        <h2 id="modals" className="mb-3 font-semibold">
          Modals
        </h2>
        <div className="flex flex-wrap gap-2">
          <button type="button" className="rounded-full border px-4 py-2 text-sm" onClick={() => setModal("plain")}>
            Open modal
          </button>
          <button type="button" className="rounded-full border px-4 py-2 text-sm" onClick={() => setModal("blocking")}>
            Open blocking modal
          </button>
          <button type="button" className="rounded-full border px-4 py-2 text-sm" onClick={() => setModal("fullscreen")}>
            Open fullscreen modal
          </button>
        </div>
        <Modal
          open={modal !== null}
          onOpenChange={(open) => !open && setModal(null)}
          title={modal === "blocking" ? "Please wait" : modal === "fullscreen" ? "Fullscreen modal" : "A modal"}
          blockClose={modal === "blocking"}
          fullscreen={modal === "fullscreen"}
        >
          <p className="text-sm">This text lives in the modal.</p>
          <p className="mt-4 flex gap-3">
            <Link className="text-brand-700 underline" to={href("/info/:slug", { slug: "copyright" })}>
              Go to the copyright page
            </Link>
            <button type="button" className="text-sm underline" onClick={() => setModal(null)}>
              Done
            </button>
          </p>
        </Modal>
      </section>

      <section aria-labelledby="empty">
        <h2 id="empty" className="mb-3 font-semibold">
          Empty state
        </h2>
        <EmptyState
          icon={<Inbox />}
          title="Nothing saved yet"
          description="Maps and spots you save appear here."
          action={
            <Link className="text-brand-700 underline" to={href("/")}>
              Explore maps
            </Link>
          }
        />
      </section>

      <section aria-labelledby="loader">
        <h2 id="loader" className="mb-3 font-semibold">
          Loader
        </h2>
        <Loader label="Loading maps" showLabel />
      </section>
    </main>
  );
}
