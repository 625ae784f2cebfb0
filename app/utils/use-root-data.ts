import { useRouteLoaderData } from "@remix-run/react";
import type { loader as rootLoader } from "~/root";
import { can, type Capability } from "~/modules/workspaces/roles";

export function useRootData() {
  return useRouteLoaderData<typeof rootLoader>("root");
}

/** The signed-in user as the shell needs it, or null. */
export function useOptionalUser() {
  return useRootData()?.user ?? null;
}

/** The workspace the signed-in user is working in (the shell's switcher shows it), or null. */
export function useCurrentWorkspace() {
  return useRootData()?.workspace ?? null;
}

/**
 * Whether the signed-in user's role in the current workspace allows `capability`: the app hides
 * what it would refuse. The server checks again whatever is sent (docs/decisions/0084).
 */
export function useCan(capability: Capability): boolean {
  const workspace = useCurrentWorkspace();
  return workspace !== null && can(workspace.role, capability);
}
