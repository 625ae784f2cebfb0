import { useRouteLoaderData } from "@remix-run/react";
import type { loader as rootLoader } from "~/root";

export function useRootData() {
  return useRouteLoaderData<typeof rootLoader>("root");
}

/** The signed-in user as the shell needs it, or null. */
export function useOptionalUser() {
  return useRootData()?.user ?? null;
}
