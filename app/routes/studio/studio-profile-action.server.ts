/**
 * The Studio profile page's action: `intent` picks the form (profile,
 * avatar, remove-avatar, cover, remove-cover). Bad input answers 400 with a
 * message per field and the values typed, and changes nothing.
 */
import { data } from "react-router";
import type { Database } from "~/lib/db.server";
import { removeAvatar, setAvatar, type AccountResult } from "~/modules/account/profile.server";
import { profileSchema } from "~/modules/account/validation";
import { validate } from "~/lib/form-validation";
import { parseLinks } from "~/modules/creators/profile-links";
import { removeProfileCover, saveStudioProfile, setProfileCover } from "~/modules/creators/studio-profile.server";
import { MAX_PHOTO_BYTES, PHOTO_MESSAGES } from "~/modules/images/pipeline.server";

export type ProfileIntent = "profile" | "avatar" | "remove-avatar" | "cover" | "remove-cover";

export interface ProfileActionData {
  intent: ProfileIntent;
  ok?: boolean;
  message?: string;
  fieldErrors?: Record<string, string>;
  /** What a refused profile form held, to show it again (a post without JavaScript reloads the page). */
  values?: { handle: string; displayName: string; bio: string; links: { label: string; url: string }[] };
}

const SUCCESS: Record<ProfileIntent, string> = {
  profile: "Your profile has been saved",
  avatar: "Your profile image has been updated",
  "remove-avatar": "Your profile image has been removed",
  cover: "Your cover image has been updated",
  "remove-cover": "Your cover image has been removed",
};

function answer(intent: ProfileIntent, result: AccountResult, values?: ProfileActionData["values"]) {
  if (result.ok) return data<ProfileActionData>({ intent, ok: true, message: SUCCESS[intent] });
  return data<ProfileActionData>({ intent, fieldErrors: result.fieldErrors ?? { "": result.formError ?? "" }, values }, { status: 400 });
}

const file = async (form: FormData, name: string) => {
  const value = form.get(name);
  return value instanceof File ? new Uint8Array(await value.arrayBuffer()) : new Uint8Array();
};

export async function studioProfileAction(request: Request, db: Database, userId: string) {
  // Refuse oversized uploads before reading them into memory.
  if (Number(request.headers.get("content-length") ?? 0) > MAX_PHOTO_BYTES + 64 * 1024) {
    return data<ProfileActionData>({ intent: "cover", fieldErrors: { cover: PHOTO_MESSAGES.tooLarge } }, { status: 413 });
  }
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "") as ProfileIntent;
  const text = (name: string) => form.getAll(name).map((v) => (typeof v === "string" ? v : ""));

  switch (intent) {
    case "profile": {
      const [handle = "", displayName = "", bio = ""] = [text("handle")[0], text("displayName")[0], text("bio")[0]];
      const labels = text("linkLabel");
      const urls = text("linkUrl");
      const values = { handle, displayName, bio, links: labels.map((label, i) => ({ label, url: urls[i] ?? "" })) };
      const parsed = validate(profileSchema, { handle, displayName, bio });
      const links = parseLinks(labels, urls);
      if (!parsed.ok || !links.ok) {
        const fieldErrors = { ...(parsed.ok ? {} : (parsed.errors as Record<string, string>)), ...(links.ok ? {} : links.errors) };
        return answer(intent, { ok: false, fieldErrors }, values);
      }
      return answer(intent, await saveStudioProfile(db, userId, { ...parsed.data, links: links.links }), values);
    }
    case "avatar":
      return answer(intent, await setAvatar(db, userId, await file(form, "avatar")));
    case "remove-avatar":
      return answer(intent, await removeAvatar(db, userId));
    case "cover":
      return answer(intent, await setProfileCover(db, userId, await file(form, "cover")));
    case "remove-cover":
      return answer(intent, await removeProfileCover(db, userId));
    default:
      return data<ProfileActionData>({ intent: "profile", fieldErrors: { "": "Unknown request" } }, { status: 400 });
  }
}
