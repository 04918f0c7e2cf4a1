/**
 * For the specs of the sign-up, login and email flows themselves: unique addresses, the local
 * mailbox, the no-JavaScript sign-up post and the login form. Everyone else starts signed in
 * (support/fixtures.ts).
 */
import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { PASSWORD } from "./fixtures";

export { PASSWORD };

export function uniqueEmail(prefix = "user"): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

export interface MailboxMessage {
  id: string;
  to: string;
  subject: string;
  text: string;
  links: string[];
}

export async function mailboxFor(request: APIRequestContext, to: string): Promise<MailboxMessage[]> {
  const response = await request.get(`/dev/mailbox/messages?to=${encodeURIComponent(to)}`);
  expect(response.ok()).toBe(true);
  return (await response.json()) as MailboxMessage[];
}

/**
 * The newest link in `to`'s mailbox that contains `part`, among the mails that came after the first
 * `after` ones, waiting for it to arrive. Searched in every such mail, newest first: two mails sent by
 * one action (an invitation and a receipt) may arrive in either order.
 */
export async function linkFromMail(request: APIRequestContext, to: string, part: string, after = 0): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      async () => {
        // Newest first: the mails after the first `after` are the first length - after.
        const messages = await mailboxFor(request, to);
        found = messages
          .slice(0, Math.max(0, messages.length - after))
          .flatMap((m) => m.links)
          .find((l) => l.includes(part));
        return found;
      },
      { message: `a mail to ${to} with a link containing ${part}`, timeout: 10_000 },
    )
    .toBeTruthy();
  return found!;
}

/** Sign up through the no-JavaScript form post, as a browser would send it. */
export async function postSignUp(request: APIRequestContext, baseURL: string, email: string, password = PASSWORD) {
  return request.post("/auth", {
    headers: { Origin: baseURL },
    form: { intent: "signup", mode: "page", redirectTo: "/", userType: "user", email, password, confirmPassword: password, privacy: "on" },
  });
}

/** Submit the /auth login page with these credentials (the caller checks the outcome). */
export async function submitLogin(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.goto("/auth?step=login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Log in" }).click();
}
