import { Form, Link, useLocation } from "@remix-run/react";
import { CalendarClock, CheckCircle2, Copy, Info, Link2, LogOut, RefreshCw, Send, Trash2, TriangleAlert, XCircle, type LucideIcon } from "lucide-react";
import { useEffect, useSyncExternalStore, type CSSProperties, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { TOAST_DURATION_MS, type Toast as ToastData, type ToastAction as ToastActionData, type ToastInput } from "~/modules/toast/toast";
import { createToastQueue } from "~/modules/toast/toast-queue";
import { cn } from "~/utils/cn";
import { IconTooltip } from "./ui/tooltip";
import { Toast, ToastAction, toastActionClassName, ToastClose, ToastDescription, ToastProvider, ToastTitle, ToastViewport, toastVariants } from "./ui/toast";
import { useWritePostHref } from "~/utils/use-write-post-href";

const queue = createToastQueue();

/** Shows a toast from anywhere in the browser (the server flashes one with redirectWithToast). */
export function toast(input: ToastInput): string {
  return queue.add(input);
}

export const dismissToast = queue.dismiss;

const icons: Record<NonNullable<ToastData["icon"]>, LucideIcon> = {
  info: Info,
  success: CheckCircle2,
  warning: TriangleAlert,
  error: XCircle,
  calendar: CalendarClock,
  send: Send,
  trash: Trash2,
  copy: Copy,
  link: Link2,
  "log-out": LogOut,
  refresh: RefreshCw,
};
const defaultIcons = { primary: "info", info: "info", success: "success", warning: "warning", error: "error", neutral: "info" } as const;
const iconColors = {
  primary: "text-primary",
  info: "text-info",
  success: "text-success",
  warning: "text-warning",
  error: "text-error",
  neutral: "text-muted-foreground",
} as const;

/** The avatar when there is one (a picture or initials), otherwise the icon. */
function ToastMedia({ toast }: { toast: ToastData }) {
  if (toast.avatar) {
    const { src, alt, text } = toast.avatar;
    return src ? (
      <img src={src} alt={alt} className="size-8 shrink-0 rounded-full object-cover" />
    ) : (
      <span role="img" aria-label={alt} className="grid size-8 shrink-0 place-items-center rounded-full bg-accent text-xs font-semibold text-accent-foreground">
        {text}
      </span>
    );
  }
  const Icon = icons[toast.icon ?? defaultIcons[toast.color]];
  return <Icon aria-hidden className={cn("mt-0.5 size-5 shrink-0", iconColors[toast.color])} />;
}

/** A link or a form post: both work without JavaScript. */
function ActionControl({ action, wrap }: { action: ToastActionData; wrap: (control: ReactNode) => ReactNode }) {
  const location = useLocation();
  const writePost = useWritePostHref();
  if ("href" in action || "reload" in action) {
    // A reload is a link to the page open now (not the one the toast was made on), loaded afresh.
    // "New post" leads where "Write a post" does: the composer with JavaScript, the wizard without.
    const href = "href" in action && action.href === "/create" ? writePost : "href" in action ? action.href : "";
    const [to, reloadDocument] = "reload" in action ? [location.pathname + location.search, true] : [href, action.reloadDocument];
    return wrap(
      <Link to={to} reloadDocument={reloadDocument} className={toastActionClassName}>
        {action.label}
      </Link>,
    );
  }
  return (
    <Form method="post" action={action.formAction}>
      {Object.entries(action.fields ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {wrap(
        <button type="submit" className={toastActionClassName}>
          {action.label}
        </button>,
      )}
    </Form>
  );
}

/** How long a toast stays: its own duration, 0 for until closed. */
function durationOf(toast: ToastData) {
  return toast.duration === 0 ? Infinity : (toast.duration ?? TOAST_DURATION_MS);
}

/**
 * Renders the queue with Radix toasts. The toast a server action flashed (through a cookie) comes
 * in `flash`: it is queued on hydration, and rendered as plain HTML when JavaScript is off (its
 * actions are links and forms, so they work there too).
 */
export function Toaster({ flash, hydrated }: { flash: ToastData | null; hydrated: boolean }) {
  const { t } = useTranslation();
  const toasts = useSyncExternalStore(queue.subscribe, queue.snapshot, queue.snapshot);

  useEffect(() => {
    if (flash) toast(flash);
  }, [flash]);

  if (!hydrated) {
    if (!flash) return null;
    const duration = durationOf(flash);
    // The CSS animation hides it after its duration (paused while hovered or focused).
    const style = { "--toast-duration": `${duration === Infinity ? 0 : duration}ms` } as CSSProperties;
    return (
      <section aria-label={t("toast.region")} className="fixed top-0 left-1/2 z-[100] w-full -translate-x-1/2 p-2 sm:max-w-[420px] sm:p-3">
        <div role="status" style={style} className={cn(toastVariants({ color: flash.color }), duration !== Infinity && "toast-static")} data-toast={flash.id}>
          <ToastMedia toast={flash} />
          <div className="flex min-w-0 flex-col gap-2">
            <div className="flex flex-col gap-1">
              <p className="text-sm font-semibold">{flash.title}</p>
              {flash.description ? <p className="text-sm text-muted-foreground">{flash.description}</p> : null}
            </div>
            <ToastActions toast={flash} wrap={(_, control) => control} />
          </div>
        </div>
      </section>
    );
  }

  return (
    <ToastProvider duration={TOAST_DURATION_MS} label={t("toast.region")}>
      {toasts.map((item) => (
        <Toast
          key={item.id}
          color={item.color}
          open={item.open}
          duration={durationOf(item)}
          data-toast={item.id}
          onOpenChange={(open) => {
            if (!open) dismissToast(item.id);
          }}
        >
          <ToastMedia toast={item} />
          <div className="flex min-w-0 flex-col gap-2">
            <div className="flex flex-col gap-1">
              <ToastTitle>{item.title}</ToastTitle>
              {item.description ? <ToastDescription>{item.description}</ToastDescription> : null}
            </div>
            <ToastActions
              toast={item}
              wrap={(action, control) => (
                <ToastAction asChild altText={action.label}>
                  {control}
                </ToastAction>
              )}
            />
          </div>
          {item.close ? (
            <IconTooltip label={t("toast.close")} side="left">
              <ToastClose label={t("toast.close")} />
            </IconTooltip>
          ) : null}
        </Toast>
      ))}
      <ToastViewport />
    </ToastProvider>
  );
}

function ToastActions({ toast, wrap }: { toast: ToastData; wrap: (action: ToastActionData, control: ReactNode) => ReactNode }) {
  if (!toast.actions.length) return null;
  return (
    <div className="flex flex-wrap gap-2">
      {toast.actions.map((action) => (
        <ActionControl key={action.label} action={action} wrap={(control) => wrap(action, control)} />
      ))}
    </div>
  );
}
