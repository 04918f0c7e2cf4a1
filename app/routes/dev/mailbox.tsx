import { Form, href } from "react-router";
import { dbContext } from "~/lib/db-context.server";
import { notFound } from "~/lib/http-errors";
import { requireLoopback } from "~/lib/loopback.server";
import { siteUrl } from "~/lib/site-url.server";
import { previewHtml } from "~/modules/email/links";
import { listMailbox, mailboxEnabled, mailboxRecipient } from "~/modules/email/mailbox.server";
import type { Route } from "./+types/mailbox";

/** The local mailbox: every delivered email, newest first (loopback only). */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireLoopback(request, context);
  if (!mailboxEnabled()) notFound(request);
  const to = mailboxRecipient(new URL(request.url));
  return { to: to ?? "", messages: await listMailbox(context.get(dbContext), { to, baseUrl: siteUrl(request) }) };
}

export const meta: Route.MetaFunction = () => [{ title: "Mailbox" }, { name: "robots", content: "noindex" }];

export default function Mailbox({ loaderData }: Route.ComponentProps) {
  const { to, messages } = loaderData;
  return (
    <main className="mx-auto max-w-4xl space-y-6 px-4 py-10">
      <header className="space-y-3">
        <h1 className="text-2xl font-bold">Mailbox</h1>
        <p className="text-sm text-zinc-600">
          Emails delivered by this app, newest first. The same as JSON:{" "}
          <a className="text-brand-700 underline" href={`${href("/dev/mailbox/messages")}${to ? `?to=${encodeURIComponent(to)}` : ""}`}>
            /dev/mailbox/messages
          </a>
        </p>
        <Form method="get" className="flex flex-wrap items-end gap-2">
          <label className="flex flex-col text-sm">
            Recipient
            <input name="to" type="email" defaultValue={to} placeholder="anyone" className="mt-1 rounded border px-3 py-2" />
          </label>
          <button type="submit" className="rounded-full border px-4 py-2 text-sm">
            Filter
          </button>
        </Form>
      </header>

      {messages.length === 0 ? (
        <p className="rounded border border-dashed p-6 text-center text-sm text-zinc-600">No messages{to ? ` to ${to}` : ""} yet.</p>
      ) : (
        <ol className="space-y-8">
          {messages.map((message) => (
            <li key={message.id}>
              <article aria-labelledby={`subject-${message.id}`} className="space-y-3 rounded-lg border p-4">
                <header>
                  <h2 id={`subject-${message.id}`} className="font-semibold">
                    {message.subject}
                  </h2>
                  <p className="text-sm text-zinc-600">
                    To <span className="font-medium text-zinc-900">{message.to}</span> ·{" "}
                    <time dateTime={message.createdAt.toISOString()}>{message.createdAt.toISOString().replace("T", " ").slice(0, 19)} UTC</time>
                  </p>
                </header>
                {message.links.length > 0 && (
                  <ul className="space-y-1 text-sm">
                    {message.links.map((link) => (
                      <li key={link} className="break-all">
                        <a className="text-brand-700 underline" href={link}>
                          {link}
                        </a>
                      </li>
                    ))}
                  </ul>
                )}
                <iframe
                  title={`HTML body: ${message.subject}`}
                  srcDoc={previewHtml(message.html)}
                  sandbox="allow-popups allow-popups-to-escape-sandbox"
                  className="h-[32rem] w-full rounded border bg-white"
                />
                <details>
                  <summary className="cursor-pointer text-sm">Text body</summary>
                  <pre className="mt-2 overflow-x-auto whitespace-pre-wrap rounded bg-zinc-50 p-3 text-sm">{message.text}</pre>
                </details>
              </article>
            </li>
          ))}
        </ol>
      )}
    </main>
  );
}
