import type { SubmissionResult } from "@conform-to/react";
import { useZodForm } from "~/components/forms/use-zod-form";
import type { ChannelChoice } from "~/modules/connections/connection.server";
import { channelsFormSchema } from "~/modules/posts/schemas";
import { ChannelPicker } from "./channel-picker";
import { FirstStepForm } from "./first-step-form";

/** Step 1 once a network has several accounts: the accounts the post goes to. */
export function ChannelsForm({ lastResult, chosen, channels }: { lastResult?: SubmissionResult<string[]>; chosen: string[]; channels: ChannelChoice[] }) {
  const [form, fields] = useZodForm("accounts", channelsFormSchema, lastResult, { defaultValue: { channels: chosen } });
  return (
    <FirstStepForm form={form} intent="accounts">
      <ChannelPicker field={fields.channels} channels={channels} />
    </FirstStepForm>
  );
}
