import { Form, href, Link } from "react-router";
import { Pager } from "~/components/ui/pager";
import { Button } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { dbContext } from "~/lib/db-context.server";
import { adminTitle } from "~/lib/page-title";
import { searchUsers } from "~/modules/users/index.server";
import { requireAdmin } from "~/routes/guards.server";
import type { Route } from "./+types/admin-users";

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  const search = new URL(request.url).searchParams;
  const q = (search.get("q") ?? "").slice(0, 200);
  const page = Number.parseInt(search.get("page") ?? "1", 10);
  const found = await searchUsers(context.get(dbContext), { q, page: Number.isFinite(page) ? page : 1 });
  return { ...found, q };
}

export const meta: Route.MetaFunction = () => [{ title: adminTitle("Users") }, { name: "robots", content: "noindex" }];

const day = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeZone: "UTC" });

function Badge({ children, tone }: { children: React.ReactNode; tone: string }) {
  return <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${tone}`}>{children}</span>;
}

/** /admin/users: every account, searched by email, handle or name, newest first, with its roles. */
export default function AdminUsers({ loaderData }: Route.ComponentProps) {
  const { users, total, page, pages, q } = loaderData;
  const pageHref = (n: number) => {
    const params = new URLSearchParams();
    if (q) params.set("q", q);
    if (n > 1) params.set("page", String(n));
    const query = params.toString();
    return `${href("/admin/users")}${query ? `?${query}` : ""}`;
  };
  return (
    <main className="mx-auto max-w-6xl px-4 py-10">
      <Link to={href("/admin")} className="text-sm font-medium text-brand-700 hover:underline">
        Admin
      </Link>
      <h1 className="mt-1 text-3xl font-bold">Users</h1>
      <Form method="get" role="search" className="mt-6 flex max-w-xl gap-2">
        <label htmlFor="user-search" className="sr-only">
          Email, handle or name
        </label>
        <input
          id="user-search"
          type="search"
          name="q"
          defaultValue={q}
          placeholder="Email, handle or name"
          className="h-11 w-full rounded-lg border border-neutral-300 px-3 text-base outline-none focus:ring-2 focus:ring-brand-500"
        />
        <Button type="submit" size="md">
          Search
        </Button>
      </Form>
      <p className="mt-3 text-sm text-neutral-600" aria-live="polite">
        {total === 1 ? "1 user" : `${total} users`}
        {q ? ` matching “${q}”` : ""}
      </p>
      {users.length === 0 ? (
        <div className="mt-6">
          <EmptyState title="No users found" description="Search by email address, @handle or name." />
        </div>
      ) : (
        <table className="mt-4 w-full text-left text-sm" data-testid="users">
          <thead>
            <tr className="border-b border-neutral-200 text-neutral-600">
              <th className="py-2 font-medium">User</th>
              <th className="py-2 font-medium">Roles</th>
              <th className="py-2 font-medium">Joined</th>
            </tr>
          </thead>
          <tbody>
            {users.map((u) => (
              <tr key={u.id} className="border-b border-neutral-100" data-testid="user-row">
                <td className="py-3">
                  <Link to={href("/admin/users/:userId", { userId: u.id })} className="font-medium text-brand-700 hover:underline">
                    {u.displayName || u.name || u.email}
                  </Link>
                  <div className="text-neutral-600">
                    {u.email}
                    {u.handle ? ` · @${u.handle}` : ""}
                  </div>
                </td>
                <td className="py-3">
                  <div className="flex flex-wrap gap-1" data-testid="user-roles">
                    {u.suspended ? <Badge tone="bg-red-50 text-red-800">Suspended</Badge> : null}
                    {u.isAdmin ? <Badge tone="bg-purple-50 text-purple-800">Admin</Badge> : null}
                    {u.isCreator ? <Badge tone="bg-brand-50 text-brand-700">Creator</Badge> : null}
                    {u.premium ? <Badge tone="bg-amber-50 text-amber-800">Premium</Badge> : null}
                    {u.supporting > 0 ? (
                      <Badge tone="bg-amber-50 text-amber-800">{u.supporting === 1 ? "Supporter" : `Supporter of ${u.supporting}`}</Badge>
                    ) : null}
                    {!u.premium && u.supporting === 0 ? <Badge tone="bg-neutral-100 text-neutral-700">Free member</Badge> : null}
                  </div>
                </td>
                <td className="py-3 whitespace-nowrap">{day.format(new Date(u.joinedAt))}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Pager current={page} pages={pages} pageHref={pageHref} />
    </main>
  );
}
