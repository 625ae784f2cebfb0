import type { SubmissionResult } from "@conform-to/react";
import { useZodForm } from "~/components/forms/use-zod-form";
import type { Platform } from "~/core/platforms/platforms";
import { platformsFormSchema } from "~/modules/posts/schemas";
import { FirstStepForm } from "./first-step-form";
import { PlatformPicker } from "./platform-picker";

/**
 * Step 1, for a new post (/create, ticked as the user's last post or connected accounts) and for
 * a draft being changed (/create/{id}/platforms).
 */
export function PlatformsForm({
  lastResult,
  chosen,
  connected,
  connectable,
}: {
  lastResult?: SubmissionResult<string[]>;
  chosen: Platform[];
  connected: Platform[];
  connectable: Platform[];
}) {
  const [form, fields] = useZodForm("platforms", platformsFormSchema, lastResult, { defaultValue: { platforms: chosen } });
  return (
    <FirstStepForm form={form} intent="continue">
      <PlatformPicker field={fields.platforms} connected={connected} connectable={connectable} />
    </FirstStepForm>
  );
}
