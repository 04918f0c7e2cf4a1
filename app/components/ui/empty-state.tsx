import type { ReactNode } from "react";

/** The reusable "nothing here yet" block: an icon, a title, a line of help and an action. */
export function EmptyState({ icon, title, description, action }: { icon?: ReactNode; title: string; description?: ReactNode; action?: ReactNode }) {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-3 px-4 py-12 text-center" data-testid="empty-state">
      {icon ? (
        <div className="text-brand-600 [&_svg]:size-10" aria-hidden>
          {icon}
        </div>
      ) : null}
      <h2 className="text-lg font-semibold">{title}</h2>
      {description ? <p className="text-sm text-neutral-600">{description}</p> : null}
      {action ? <div className="mt-2">{action}</div> : null}
    </div>
  );
}
