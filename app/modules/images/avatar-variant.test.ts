import { describe, expect, it } from "vitest";
import { smallAvatarUrl } from "./avatar-variant";

describe("the small avatar's URL", () => {
  it("names the 90 px variant stored next to an uploaded avatar", () => {
    expect(smallAvatarUrl("/uploads/avatars/ab/ab0123456789abcdef0123456789abcd.webp")).toBe("/uploads/avatars/ab/ab0123456789abcdef0123456789abcd-90.webp");
  });

  it("leaves any other image as it is (a sign-in provider's picture, a preview)", () => {
    expect(smallAvatarUrl("https://lh3.googleusercontent.com/a/photo.jpg")).toBe("https://lh3.googleusercontent.com/a/photo.jpg");
    expect(smallAvatarUrl("blob:http://localhost/123")).toBe("blob:http://localhost/123");
    expect(smallAvatarUrl("/uploads/covers/ab/ab0123456789abcdef0123456789abcd.webp")).toBe("/uploads/covers/ab/ab0123456789abcdef0123456789abcd.webp");
  });
});
