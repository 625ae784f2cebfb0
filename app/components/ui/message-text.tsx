import { Link } from "@remix-run/react";
import { Fragment } from "react";

// A message from the server may end by pointing at a page of the app ("See the plans: /pricing",
// the plan limits); on a page that path becomes a link. Only the paths listed here, and only as a
// word of their own, so nothing else in a message turns into a link.
const LINKED_PATHS = ["/pricing"];
const PATH_PATTERN = new RegExp(`(?<=^|\\s)(${LINKED_PATHS.join("|")})(?=$|[\\s.,;!?)])`);

export type MessagePart = { text: string } | { path: string };

/** The message cut into plain text and the known in-app paths it names. */
export function messageParts(message: string): MessagePart[] {
  // With one capturing group, split alternates text and matched paths.
  return message
    .split(PATH_PATTERN)
    .map((part, index) => (index % 2 === 1 ? { path: part } : { text: part }))
    .filter((part) => !("text" in part) || part.text !== "");
}

/** The message, its known in-app paths as links. */
export function MessageText({ text }: { text: string }) {
  return (
    <>
      {messageParts(text).map((part, index) =>
        "path" in part ? (
          <Link key={index} to={part.path} className="font-medium underline underline-offset-2">
            {part.path}
          </Link>
        ) : (
          <Fragment key={index}>{part.text}</Fragment>
        ),
      )}
    </>
  );
}
