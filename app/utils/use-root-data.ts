import { useRouteLoaderData } from "@remix-run/react";
import type { loader as rootLoader } from "~/root";

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
