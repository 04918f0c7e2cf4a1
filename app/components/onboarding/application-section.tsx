import { useState } from "react";
import { href, useFetcher, useRevalidator } from "react-router";
import { FormAlert } from "~/components/forms/text-field";
import { Button, ButtonLink } from "~/components/ui/button";
import { Modal } from "~/components/ui/modal";
import type { ApplicationView } from "~/modules/creators/application-rules";
import { formatDay } from "~/modules/memberships/dates";
import { UploadStep } from "./upload-step";

export interface ApplicationSectionProps {
  application: ApplicationView | null;
  isOnboarded: boolean;
  isCreator: boolean;
}

/** The withdraw form's answer from the /account action. */
export interface WithdrawAnswer {
  intent: string;
  ok?: boolean;
  formError?: string;
}

/**
 * The creator application on /account: its status, Withdraw while it is
 * pending, a rejection's reason, and the upload step again for an onboarded
 * account without a live application (skipped, rejected or withdrawn).
 */
export function ApplicationSection({ application, isOnboarded, isCreator }: ApplicationSectionProps) {
  const withdraw = useFetcher<WithdrawAnswer>({ key: "account-withdraw-application" });
  const revalidator = useRevalidator();
  const [uploading, setUploading] = useState(false);
  const status = application?.status;
  const withdrawError = withdraw.data?.intent === "withdraw-application" ? withdraw.data.formError : undefined;

  const upload = (label: string) => (
    <>
      <Button onClick={() => setUploading(true)}>{label}</Button>
      <Modal open={uploading} onOpenChange={setUploading} title="Submit your map">
        <UploadStep
          submitLabel="Send application"
          onSent={() => {
            setUploading(false);
            void revalidator.revalidate();
          }}
        />
      </Modal>
    </>
  );

  if (status === "pending") {
    return (
      <div data-testid="application-status" data-status="pending">
        <p className="mb-4 text-neutral-800">Application under review since {formatDay(application!.createdAt)}</p>
        <p className="mb-4 text-sm text-neutral-600">We will email you our decision. Changed your mind? You can withdraw it while it is under review.</p>
        <FormAlert message={withdrawError} />
        <withdraw.Form method="post">
          <input type="hidden" name="intent" value="withdraw-application" />
          <Button type="submit" variant="danger-secondary" disabled={withdraw.state !== "idle"}>
            {withdraw.state !== "idle" ? "Withdrawing..." : "Withdraw"}
          </Button>
        </withdraw.Form>
      </div>
    );
  }
  if (status === "approved" || isCreator) {
    return (
      <div data-testid="application-status" data-status="approved">
        <p className="mb-4 text-neutral-800">You are a creator. Your maps, followers and earnings are in your Creator Studio.</p>
        <ButtonLink to={href("/studio")} variant="secondary">
          Open Creator Studio
        </ButtonLink>
      </div>
    );
  }
  if (status === "rejected") {
    return (
      <div data-testid="application-status" data-status="rejected">
        <p className="mb-2 text-neutral-800">Your application of {formatDay(application!.createdAt)} was not accepted.</p>
        {application!.reason ? (
          <p className="mb-4 rounded-lg bg-neutral-50 px-3 py-2 text-sm text-neutral-800" data-testid="application-reason">
            {application!.reason}
          </p>
        ) : null}
        {upload("Apply again")}
      </div>
    );
  }
  if (!isOnboarded) {
    return (
      <div data-testid="application-status" data-status="none">
        <p className="mb-4 text-neutral-800">Made a map of at least 30 places you recommend? Publish it and get paid by the people who use it.</p>
        <ButtonLink to={href("/creators/apply")} variant="secondary">
          Become a creator
        </ButtonLink>
      </div>
    );
  }
  return (
    <div data-testid="application-status" data-status={status ?? "none"}>
      <p className="mb-4 text-neutral-800">
        {status === "withdrawn" ? "You withdrew your application." : "You have not sent us your map yet."} Send a PDF or a shared Google Maps list of at least
        30 spots and we will review it.
      </p>
      {upload("Submit your map")}
    </div>
  );
}
