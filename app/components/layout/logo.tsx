import { Link } from "@remix-run/react";
import { Feather } from "lucide-react";
import { useRootData } from "~/utils/use-root-data";

export function Logo() {
  const siteName = useRootData()?.siteName ?? "Plume";
  return (
    <Link to="/" className="flex shrink-0 items-center gap-2 rounded-md text-lg font-semibold tracking-tight">
      <span className="grid size-8 place-items-center rounded-lg bg-primary text-primary-foreground">
        <Feather aria-hidden className="size-4" />
      </span>
      <span>{siteName}</span>
    </Link>
  );
}
