import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { fetchBuildVersion, watchForNewBuild } from "~/utils/new-build";
import { toast } from "./toaster";

declare global {
  interface Window {
    __remixManifest?: { version?: string };
  }
}

/** Offers a reload, in a toast that stays until closed, once the server runs a newer build. */
export function NewBuildNotice() {
  const { t } = useTranslation();
  // The words of the language shown when the offer is made (the user may switch meanwhile).
  const words = useRef(t);
  words.current = t;
  useEffect(() => {
    const current = window.__remixManifest?.version;
    if (!current) return;
    return watchForNewBuild({
      current,
      fetchVersion: fetchBuildVersion,
      focusTarget: window,
      onNewBuild: () => {
        const t = words.current;
        toast({
          id: "new-build",
          color: "primary",
          icon: "refresh",
          title: t("newVersion.title"),
          description: t("newVersion.description"),
          duration: 0,
          actions: [{ label: t("toast.actions.reload"), reload: true }],
        });
      },
    });
  }, []);
  return null;
}
