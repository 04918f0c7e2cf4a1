import { describe, expect, it } from "vitest";
import { validate } from "~/lib/form-validation";
import { ARTICLE_MESSAGES, articleFieldsSchema, relatedIds } from "./article-validation";

describe("the article form", () => {
  it("takes a title, a slug (lower case, or empty: made from the title), a known type and optional text", () => {
    expect(validate(articleFieldsSchema, { title: " Lisbon ", slug: "Slow-Lisbon", type: "stories", summary: "", categoryId: "", bodyMarkdown: "x" })).toEqual({
      ok: true,
      data: { title: "Lisbon", slug: "slow-lisbon", type: "stories", summary: null, categoryId: null, bodyMarkdown: "x" },
    });
  });

  it("refuses an empty title, a slug that is not one, an unknown type, each with its message", () => {
    expect(validate(articleFieldsSchema, { title: " ", slug: "two words", type: "rumours" })).toEqual({
      ok: false,
      errors: { title: ARTICLE_MESSAGES.titleRequired, slug: ARTICLE_MESSAGES.slugFormat, type: ARTICLE_MESSAGES.type },
    });
  });
});

describe("related ids", () => {
  it("keeps each id once in the order given, and refuses anything that is not an id", () => {
    const a = "5c0a1b2c-0000-4000-8000-000000000001";
    const b = "5c0a1b2c-0000-4000-8000-000000000002";
    expect(relatedIds([b, a, b], "uuid")).toEqual([b, a]);
    expect(relatedIds(["not-a-uuid"], "uuid")).toBeNull();
    expect(relatedIds(["Xy3kq9AbCdEf"], "token")).toEqual(["Xy3kq9AbCdEf"]);
    expect(relatedIds(["a b"], "token")).toBeNull();
    expect(relatedIds([new File([], "x")], "token")).toBeNull();
  });
});
