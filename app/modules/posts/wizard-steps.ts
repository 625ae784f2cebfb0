// The create wizard's steps, in order: the one list the pages, the step indicator and the saved
// draft (compose.server.ts) all follow.
export const WIZARD_STEPS = ["platforms", "method", "content", "review", "images", "schedule"] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number];

export function isWizardStep(value: unknown): value is WizardStep {
  return typeof value === "string" && (WIZARD_STEPS as readonly string[]).includes(value);
}

export function stepPath(postId: string, step: WizardStep): string {
  return `/create/${postId}/${step}`;
}

export function previousStep(step: WizardStep): WizardStep | null {
  const index = WIZARD_STEPS.indexOf(step);
  return index > 0 ? WIZARD_STEPS[index - 1]! : null;
}
