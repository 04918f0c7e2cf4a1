import { Form, useNavigation } from "react-router";
import { FormAlert, TextField } from "~/components/forms/text-field";
import { useValidatedForm } from "~/components/forms/use-validated-form";
import { Button } from "~/components/ui/button";
import type { FieldErrors } from "~/lib/form-validation";
import { firstHandleSchema } from "~/modules/creators/review-validation";

/** /studio for a creator just approved: the handle of their public page, chosen before anything else. */
export function ChooseHandle({ result }: { result?: { fieldErrors?: FieldErrors } }) {
  const navigation = useNavigation();
  const { fields, formProps } = useValidatedForm(firstHandleSchema, result?.fieldErrors);
  return (
    <>
      <main className="mx-auto max-w-md px-4 py-10">
        <h1 className="text-3xl font-bold">Choose your handle</h1>
        <p className="mt-2 text-neutral-700">Your public page will be at /@your-handle. Choose it before you start: your profile is not public until you do.</p>
        <div className="mt-6">
          <FormAlert message={result?.fieldErrors?.[""]} />
        </div>
        <Form method="post" {...formProps} className="space-y-4">
          <TextField label="Handle" name="handle" autoComplete="off" autoCapitalize="none" spellCheck={false} error={fields.handle.errors?.[0]} />
          <Button type="submit" disabled={navigation.state !== "idle"} className="w-full">
            Continue to the Studio
          </Button>
        </Form>
      </main>
    </>
  );
}
