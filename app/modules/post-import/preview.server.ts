import type { RowProblem } from "~/modules/errors/app-error";
import type { NetworkId } from "~/core/platforms/platforms";
import { targetLabel } from "~/modules/posts/post-targets.server";
import { planImport, type ImportScope } from "./csv-import.server";

// What the import page shows before anything is made: each row as it would be made, and every row
// at fault, from the same checks the import runs (planImport).

export interface PreviewRow {
  line: number;
  accounts: { network: NetworkId; label: string }[];
  /** When it goes: a draft, the queue (its slot is chosen at import), or an instant (ISO). */
  when: { kind: "draft" } | { kind: "queue" } | { kind: "at"; at: string };
  /** Part 1's text, cut short. */
  excerpt: string;
  parts: number;
}

export interface ImportPreview {
  rows: PreviewRow[];
  problems: RowProblem[];
}

const EXCERPT_CHARS = 140;

function excerptOf(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  const chars = [...flat];
  return chars.length > EXCERPT_CHARS ? `${chars.slice(0, EXCERPT_CHARS - 1).join("")}…` : flat;
}

export async function previewImport(scope: ImportScope, text: string, now: Date = new Date()): Promise<ImportPreview> {
  const plan = await planImport(scope, text, now);
  return {
    problems: plan.problems,
    rows: plan.rows.map((row) => ({
      line: row.line,
      accounts: row.channels.map((channel) => ({ network: channel.network, label: targetLabel({ network: channel.network, channel }) })),
      when: row.when.kind === "at" ? { kind: "at", at: row.when.at.toISOString() } : { kind: row.when.kind },
      excerpt: excerptOf(row.parts[0] ?? ""),
      parts: row.parts.length,
    })),
  };
}
