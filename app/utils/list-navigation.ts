import { useNavigate, useNavigation, useSubmit } from "@remix-run/react";
import { useCallback, type FormEvent, type MouseEvent } from "react";

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

/**
 * The forms of a list of many posts are plain <form>s (no hook per row): this handler on the list
 * sends a submitted one through Remix, as a <Form> would, and `busyAction` is the action being
 * submitted, so its row can show it. Without JavaScript they post as ordinary forms.
 */
export function useListSubmit() {
  const submit = useSubmit();
  const navigation = useNavigation();
  const onSubmit = useCallback(
    (event: FormEvent<HTMLElement>) => {
      const form = event.target;
      if (event.defaultPrevented || !(form instanceof HTMLFormElement) || !event.currentTarget.contains(form)) return;
      event.preventDefault();
      const submitter = (event.nativeEvent as SubmitEvent).submitter;
      submit(submitter instanceof HTMLButtonElement ? submitter : form);
    },
    [submit],
  );
  const busyAction = navigation.state === "submitting" ? (navigation.formAction ?? null) : null;
  return { onSubmit, busyAction };
}
