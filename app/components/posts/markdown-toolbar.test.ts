import { describe, expect, it } from "vitest";
import { applyFormat, insertBlock } from "./markdown-toolbar";

const sel = (value: string, from: string) => ({ value, start: value.indexOf(from), end: value.indexOf(from) + from.length });

describe("the post editor's toolbar", () => {
  it("wraps the selection in bold or italic, and unwraps it again", () => {
    const bold = applyFormat("bold", sel("a quiet cove", "quiet"));
    expect(bold.value).toBe("a **quiet** cove");
    expect(bold.value.slice(bold.start, bold.end)).toBe("quiet");
    expect(applyFormat("bold", bold).value).toBe("a quiet cove");
    expect(applyFormat("italic", sel("a quiet cove", "quiet")).value).toBe("a *quiet* cove");
    expect(applyFormat("bold", { value: "ab", start: 1, end: 1 }).value).toBe("a**bold text**b");
  });

  it("makes a link of the selection with its address selected", () => {
    const link = applyFormat("link", sel("see the map here", "the map"));
    expect(link.value).toBe("see [the map](https://) here");
    expect(link.value.slice(link.start, link.end)).toBe("https://");
  });

  it("turns the selected lines into a heading or a list, and back", () => {
    const text = "Day one\nDay two\nDay three";
    const list = applyFormat("list", { value: text, start: 0, end: text.length });
    expect(list.value).toBe("- Day one\n- Day two\n- Day three");
    expect(applyFormat("list", list).value).toBe(text);
    expect(applyFormat("heading", { value: "Intro\nWhere to stay", start: 8, end: 8 }).value).toBe("Intro\n## Where to stay");
    expect(applyFormat("heading", { value: "- Where to stay", start: 3, end: 3 }).value).toBe("## Where to stay");
  });

  it("puts a block on a paragraph of its own after the cursor's line", () => {
    expect(insertBlock("", 0, "[Rome](/maps/rome)").value).toBe("[Rome](/maps/rome)\n");
    expect(insertBlock("First line\nsecond line\n\nLast", 3, "[Rome](/maps/rome)").value).toBe("First line\n\n[Rome](/maps/rome)\n\nsecond line\n\nLast");
    const end = insertBlock("Text", 4, "![x](/uploads/post-images/ab/c-800.webp)");
    expect(end.value).toBe("Text\n\n![x](/uploads/post-images/ab/c-800.webp)\n");
    expect(end.start).toBe(end.value.length - 1);
  });
});
