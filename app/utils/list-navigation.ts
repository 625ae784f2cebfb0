import { useNavigate } from "@remix-run/react";
import { useCallback, type MouseEvent } from "react";

/**
 * Lists of many posts (calendar, gallery, table) link with plain anchors (`<a href data-discover>`)
 * and put this handler on the list: a plain left click on one of its same-site anchors becomes a
 * client navigation, as Remix's <Link> would make it. Rendering a <Link> on the server costs about
 * 80 µs (it resolves its path three times), which a month of posts repeats a hundred times. Without
 * JavaScript the anchors are ordinary links. docs/decisions/0039.
 */
export function useListNavigation() {
  const navigate = useNavigate();
  return useCallback(
    (event: MouseEvent<HTMLElement>) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
      const anchor = event.target instanceof Element ? event.target.closest("a") : null;
      if (!anchor || !event.currentTarget.contains(anchor) || anchor.hasAttribute("download")) return;
      if (anchor.target && anchor.target !== "_self") return;
      const url = new URL(anchor.href, window.location.href);
      if (url.origin !== window.location.origin) return;
      event.preventDefault();
      navigate(url.pathname + url.search + url.hash);
    },
    [navigate],
  );
}
