import { useNavigation } from "@remix-run/react";
import { forwardRef } from "react";
import { Button, type ButtonProps } from "./button";
import { Spinner } from "./spinner";

/**
 * A submit button that shows a spinner while its form is being submitted, and says what is happening
 * ("Uploading images…") in place of its label when given `pendingLabel`.
 */
export const StatusButton = forwardRef<HTMLButtonElement, ButtonProps & { pending?: boolean; pendingLabel?: string }>(
  ({ pending, pendingLabel, children, disabled, ...props }, ref) => {
    const navigation = useNavigation();
    // With several forms on a page, only the button whose intent is being submitted spins.
    const mine = props.value === undefined || navigation.formData?.get(props.name ?? "intent") === props.value;
    const busy = pending ?? (navigation.state === "submitting" && mine);
    return (
      <Button ref={ref} type="submit" disabled={disabled || busy} aria-busy={busy || undefined} {...props}>
        {busy ? <Spinner /> : null}
        {busy && pendingLabel ? pendingLabel : children}
      </Button>
    );
  },
);
StatusButton.displayName = "StatusButton";
