import { afterEach, describe, expect, it, vi } from "vitest";
import { SearchHttpError, debounceWithMaxWait, fetchSearch, firstWords } from "./search-client";

describe("search panel text", () => {
  it("cuts summaries and bios to their first five words plus an ellipsis", () => {
    expect(firstWords("Counter seating, no menu to speak of, and the freshest")).toBe("Counter seating, no menu to...");
    expect(firstWords("Only four words here")).toBe("Only four words here");
    expect(firstWords("  spaced   out  words  ")).toBe("spaced out words");
    expect(firstWords(null)).toBe("");
  });
});

describe("search fetch", () => {
  const ok = () => new Response(JSON.stringify({ query: "x" }), { status: 200 });

  it("retries network failures up to three times", async () => {
    const fetcher = vi.fn().mockRejectedValueOnce(new TypeError("network")).mockRejectedValueOnce(new TypeError("network")).mockResolvedValueOnce(ok());
    await expect(fetchSearch("x", new AbortController().signal, fetcher)).resolves.toEqual({ query: "x" });
    expect(fetcher).toHaveBeenCalledTimes(3);
  });

  it("gives up after the third retry", async () => {
    const fetcher = vi.fn().mockRejectedValue(new TypeError("network"));
    await expect(fetchSearch("x", new AbortController().signal, fetcher)).rejects.toThrow("network");
    expect(fetcher).toHaveBeenCalledTimes(4);
  });

  it("never retries an aborted request or an HTTP error", async () => {
    const controller = new AbortController();
    controller.abort();
    const aborted = vi.fn().mockRejectedValue(new DOMException("aborted", "AbortError"));
    await expect(fetchSearch("x", controller.signal, aborted)).rejects.toThrow();
    expect(aborted).toHaveBeenCalledTimes(1);
    const failing = vi.fn().mockResolvedValue(new Response("no", { status: 500 }));
    await expect(fetchSearch("x", new AbortController().signal, failing)).rejects.toBeInstanceOf(SearchHttpError);
    expect(failing).toHaveBeenCalledTimes(1);
  });
});

describe("debounce with a maximum wait", () => {
  afterEach(() => vi.useRealTimers());

  it("fires 250 ms after typing stops, and at least every second while typing goes on", () => {
    vi.useFakeTimers();
    const run = vi.fn();
    const debounced = debounceWithMaxWait(run);
    debounced("a");
    vi.advanceTimersByTime(249);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenLastCalledWith("a");

    run.mockClear();
    // A keystroke every 200 ms for 2 seconds: never 250 ms of quiet, yet it fires each second.
    for (let t = 0; t < 2000; t += 200) {
      debounced(`q${t}`);
      vi.advanceTimersByTime(200);
    }
    expect(run.mock.calls.length).toBeGreaterThanOrEqual(2);
    debounced.cancel();
  });
});
