// Components may not import app/integrations (decision 44): the client-safe network rules reach the
// composer's live counters through here. No logic of its own.
export { NETWORK_RULES, channelRules, networkRules, parseChannelLimits } from "~/integrations/networks/rules";
export type { ChannelLimits, NetworkId, NetworkLimits, NetworkRules, PartDraft, PartProblem, TextCheck, ThreadKind } from "~/integrations/networks/types";
