/** The frame of an Atlas list page: its heading and, when empty, where to go instead. */
import { Link } from "react-router";
import { EmptyState } from "~/components/ui/empty-state";

export function AtlasSection({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <main className="mx-auto max-w-7xl px-4 py-8">
      <h1 className="mb-6 text-3xl font-bold">{title}</h1>
      {children}
    </main>
  );
}

export function AtlasEmpty({ title, description, to, action }: { title: string; description: string; to: string; action: string }) {
  return (
    <EmptyState
      title={title}
      description={description}
      action={
        <Link to={to} className="font-semibold text-brand-700 hover:underline">
          {action}
        </Link>
      }
    />
  );
}
