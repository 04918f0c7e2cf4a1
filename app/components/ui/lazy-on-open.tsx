/**
 * A dialog whose code is fetched the first time it opens, not with the page:
 * most visits never open the login dialog, the search dialog or the account
 * drawer, so their dialog library stays out of the first load.
 */
import { lazy, Suspense, useState, type ComponentType } from "react";

export function lazyOnOpen<P extends { open: boolean }>(load: () => Promise<{ default: ComponentType<P> }>) {
  const Impl = lazy(load);
  function LazyOnOpen(props: P) {
    // Once opened it stays mounted, so closing animates and reopening is instant.
    const [opened, setOpened] = useState(props.open);
    if (props.open && !opened) setOpened(true);
    return opened ? (
      <Suspense fallback={null}>
        <Impl {...props} />
      </Suspense>
    ) : null;
  }
  return LazyOnOpen;
}
