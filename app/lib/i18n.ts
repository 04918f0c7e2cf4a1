/**
 * The message catalogue (one locale, en). Keys follow the spec's naming
 * (`auth.login.loginFailed`); `{name}` placeholders are filled from params.
 * A second locale is a second JSON file beside en.json.
 */
import en from "~/locales/en.json";

export type MessageKey = keyof typeof en;

export function t(key: MessageKey, params: Record<string, string | number> = {}): string {
  return en[key].replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}
