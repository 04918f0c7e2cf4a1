import { href } from "react-router";
import { ButtonLink } from "~/components/ui/button";
import { formatDay } from "~/modules/memberships/dates";

/** What an applicant under review finds in the Studio: the application is being reviewed, since when, and where to follow it. */
export function ApplicationPending({ appliedAt }: { appliedAt: string }) {
  return (
    <main className="mx-auto max-w-2xl px-4 py-16" data-testid="studio-application-pending">
      <h1 className="text-3xl font-bold">Your application is being reviewed</h1>
      <p className="mt-4 text-lg text-neutral-700">
        You applied to become a creator on {formatDay(appliedAt)}. We will email you our decision; once you are approved, your Creator Studio opens here.
      </p>
      <div className="mt-8 flex flex-wrap gap-3">
        <ButtonLink to={`${href("/account")}#account-creator-application`} variant="secondary">
          Follow your application
        </ButtonLink>
        <ButtonLink to={href("/explore")} variant="link" size="md" className="inline-flex items-center">
          Keep exploring
        </ButtonLink>
      </div>
    </main>
  );
}
