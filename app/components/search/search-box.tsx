import { Lock, Search } from "lucide-react";
import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { Form, href, useNavigate } from "react-router";
import { countryName } from "~/lib/country";
import { formatCount } from "~/modules/search/count";
import { creatorPath } from "~/lib/paths";
import { smallAvatarUrl } from "~/modules/images/avatar-variant";
import { lockedText } from "~/components/maps/locked-note";
import { debounceWithMaxWait, fetchSearch, firstWords, type SearchResults } from "./search-client";

type Tab = "spots" | "maps" | "creators" | "posts" | "destinations";
const TABS: { key: Tab; label: string }[] = [
  { key: "spots", label: "Spots" },
  { key: "maps", label: "Maps" },
  { key: "creators", label: "Creators" },
  { key: "posts", label: "Posts" },
  { key: "destinations", label: "Destinations" },
];

interface Row {
  id: string;
  to: string;
  title: string;
  text: string;
  image: string | null;
  /** A spot the visitor may not open: found by its name, shown with a lock. */
  locked?: boolean;
}

function rowsOf(results: SearchResults, tab: Tab): Row[] {
  switch (tab) {
    case "spots":
      return results.spots.items.map((s) => ({
        id: s.id,
        to: href("/maps/:mapId/spots/:spotId", { mapId: s.mapId, spotId: s.id }),
        title: s.name,
        text: s.locked ? lockedText(s.visibility, "its creator") : firstWords(s.summary),
        image: s.locked ? null : s.coverImageUrl,
        locked: s.locked,
      }));
    case "maps":
      return results.maps.items.map((m) => ({
        id: m.id,
        to: href("/maps/:mapId", { mapId: m.currentSlug }),
        title: m.title,
        text: firstWords(m.summary),
        image: m.coverImageUrl,
      }));
    case "creators":
      return results.creators.items.map((c) => ({
        id: c.id,
        to: creatorPath(c.handle),
        title: c.displayName ?? `@${c.handle}`,
        text: firstWords(c.bioText),
        image: c.profileImageUrl && smallAvatarUrl(c.profileImageUrl),
      }));
    case "posts":
      return results.posts.items.map((p) => ({
        id: p.id,
        to: href("/:atHandle/posts/:postSlug", { atHandle: `@${p.creator.handle}`, postSlug: p.slug }),
        title: p.title,
        text: firstWords(p.teaser),
        image: null,
      }));
    case "destinations":
      return results.destinations.items.map((d) => ({
        id: String(d.id),
        to: href("/destinations/:id", { id: String(d.id) }),
        title: d.name,
        text: countryName(d.country),
        image: null,
      }));
  }
}

/**
 * The search box with its results panel (spec section 2): opens on focus,
 * closes on outside click and Escape; 'Search' and its subtitle while empty,
 * 'Searching...' while loading, then tabs with counts. Without JavaScript it
 * is a plain form to /search.
 */
export function SearchBox({
  id,
  defaultValue = "",
  autoFocus = false,
  alwaysOpen = false,
}: {
  id: string;
  defaultValue?: string;
  autoFocus?: boolean;
  alwaysOpen?: boolean;
}) {
  const navigate = useNavigate();
  const listId = useId();
  const container = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(alwaysOpen);
  const [query, setQuery] = useState(defaultValue);
  const [searched, setSearched] = useState("");
  const [results, setResults] = useState<SearchResults | null>(null);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const [chosenTab, setChosenTab] = useState<Tab | null>(null);
  const [active, setActive] = useState(-1);
  const controller = useRef<AbortController | null>(null);

  const run = useRef<ReturnType<typeof debounceWithMaxWait<[string]>> | null>(null);

  // The debounced search lives as long as the box; leaving aborts what is in flight.
  useEffect(() => {
    const debounced = debounceWithMaxWait((q: string) => {
      controller.current?.abort();
      if (!q.trim()) {
        setLoading(false);
        setResults(null);
        setSearched("");
        return;
      }
      const ctrl = new AbortController();
      controller.current = ctrl;
      fetchSearch(q, ctrl.signal)
        .then((r) => {
          setResults(r);
          setSearched(q);
          setFailed(false);
          setChosenTab(null);
          setActive(-1);
        })
        .catch(() => {
          if (!ctrl.signal.aborted) setFailed(true);
        })
        .finally(() => {
          if (!ctrl.signal.aborted) setLoading(false);
        });
    });
    run.current = debounced;
    return () => {
      debounced.cancel();
      controller.current?.abort();
    };
  }, []);

  // Close on a click anywhere outside the box and its panel.
  useEffect(() => {
    if (!open || alwaysOpen) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!container.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [open, alwaysOpen]);

  const tabs = results ? TABS.filter((t) => results[t.key].count > 0) : [];
  const tab = chosenTab && tabs.some((t) => t.key === chosenTab) ? chosenTab : tabs[0]?.key;
  const rows = results && tab ? rowsOf(results, tab) : [];

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Escape") {
      // A search input clears itself on Escape; here Escape only closes the panel.
      event.preventDefault();
      setOpen(false);
      event.currentTarget.blur();
    } else if (event.key === "ArrowDown" && rows.length) {
      event.preventDefault();
      setOpen(true);
      setActive((i) => (i + 1) % rows.length);
    } else if (event.key === "ArrowUp" && rows.length) {
      event.preventDefault();
      setActive((i) => (i <= 0 ? rows.length - 1 : i - 1));
    } else if (event.key === "Enter" && active >= 0 && rows[active]) {
      event.preventDefault();
      setOpen(alwaysOpen);
      navigate(rows[active].to);
    }
  };

  return (
    <div ref={container} className="relative w-full">
      {/* In the search dialog (alwaysOpen) the dialog's close button sits top right: the input stops short of it. */}
      <Form method="get" action={href("/search")} role="search" onSubmit={() => setOpen(alwaysOpen)} className={alwaysOpen ? "pr-10" : undefined}>
        <label htmlFor={id} className="sr-only">
          Search
        </label>
        <Search aria-hidden className="pointer-events-none absolute top-5 left-3 size-4 -translate-y-1/2 text-neutral-400" />
        <input
          id={id}
          name="q"
          type="search"
          value={query}
          autoFocus={autoFocus}
          placeholder="Search places, creators, destinations"
          autoComplete="off"
          role="combobox"
          aria-expanded={open}
          aria-controls={listId}
          aria-activedescendant={active >= 0 && rows[active] ? `${listId}-${rows[active].id}` : undefined}
          onFocus={() => setOpen(true)}
          onClick={() => setOpen(true)}
          onKeyDown={onKeyDown}
          onChange={(event) => {
            const value = event.target.value;
            setQuery(value);
            setOpen(true);
            setLoading(Boolean(value.trim()));
            run.current?.(value);
          }}
          className="h-10 w-full rounded-full border border-neutral-300 bg-neutral-50 pr-4 pl-9 text-sm outline-none focus:border-brand-500 focus:bg-white"
        />
      </Form>
      {open ? (
        <div
          data-testid="search-panel"
          className={`${alwaysOpen ? "mt-4" : "absolute top-12 right-0 left-0 z-50 rounded-2xl border border-neutral-200 bg-white p-3 shadow-xl"} max-h-[70vh] overflow-y-auto`}
        >
          {!query.trim() ? (
            <div className="px-2 py-6 text-center">
              <p className="font-semibold">Search</p>
              <p className="mt-1 text-sm text-neutral-600">Search for places, creators, destinations & more</p>
            </div>
          ) : loading || searched !== query ? (
            failed ? (
              <p className="px-2 py-6 text-center text-sm text-neutral-600">Search is not available right now. Press Enter to try the full results page.</p>
            ) : (
              <p className="px-2 py-6 text-center text-sm text-neutral-600" role="status">
                Searching...
              </p>
            )
          ) : tabs.length === 0 ? (
            <p className="px-2 py-6 text-center text-sm text-neutral-600">Nothing found for “{searched}”</p>
          ) : (
            <>
              {/* One line at any width: compact enough for four groups in a 390 px dialog, scrolling sideways past that. */}
              <div role="tablist" aria-label="Result types" className="mb-2 flex gap-1 overflow-x-auto">
                {tabs.map((t) => (
                  <button
                    key={t.key}
                    type="button"
                    role="tab"
                    aria-selected={t.key === tab}
                    onClick={() => {
                      setChosenTab(t.key);
                      setActive(-1);
                    }}
                    className={`flex shrink-0 items-center gap-1 rounded-full px-2 py-1.5 text-sm font-medium whitespace-nowrap ${t.key === tab ? "bg-ink text-white" : "text-neutral-700 hover:bg-neutral-100"}`}
                  >
                    {t.label}
                    <span className={`rounded-full px-1 text-xs ${t.key === tab ? "bg-white/20" : "bg-neutral-100"}`} data-testid={`count-${t.key}`}>
                      {formatCount(results![t.key].count)}
                    </span>
                  </button>
                ))}
              </div>
              <ul id={listId} role="listbox" aria-label="Search results">
                {rows.map((row, i) => (
                  <li key={row.id} id={`${listId}-${row.id}`} role="option" aria-selected={i === active}>
                    <a
                      href={row.to}
                      onClick={(event) => {
                        event.preventDefault();
                        setOpen(alwaysOpen);
                        navigate(row.to);
                      }}
                      className={`flex items-center gap-3 rounded-lg px-2 py-2 ${i === active ? "bg-brand-50" : "hover:bg-neutral-50"}`}
                      data-testid="search-row"
                    >
                      {row.image ? (
                        <img src={row.image} alt="" width={35} height={35} className="size-[35px] shrink-0 rounded-md object-cover" />
                      ) : row.locked ? (
                        <span
                          aria-hidden
                          className="grid size-[35px] shrink-0 place-items-center rounded-md bg-amber-50 text-amber-800"
                          data-testid="search-row-locked"
                        >
                          <Lock className="size-4" />
                        </span>
                      ) : (
                        <span aria-hidden className="size-[35px] shrink-0 rounded-md bg-neutral-100" />
                      )}
                      <span className="min-w-0">
                        <span className="block truncate text-sm font-medium">{row.title}</span>
                        {row.text ? <span className="block truncate text-xs text-neutral-600">{row.text}</span> : null}
                      </span>
                    </a>
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      ) : null}
    </div>
  );
}
