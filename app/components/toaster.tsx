import { CheckCircle2, Info, TriangleAlert, XCircle } from "lucide-react";
import { useEffect, useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import type { Toast as ToastData, ToastInput } from "~/modules/toast/toast";
import { cn } from "~/utils/cn";
import { Toast, ToastClose, ToastDescription, ToastProvider, ToastTitle, ToastViewport, toastVariants } from "./ui/toast";

// Toasts are queued, at most 5 visible (the oldest is dropped), 5 s each, removed
// 200 ms after closing, bottom-right.
export const TOAST_LIMIT = 5;
export const TOAST_DURATION_MS = 5000;
export const TOAST_REMOVE_DELAY_MS = 200;

type QueuedToast = ToastData & { open: boolean };

let toasts: QueuedToast[] = [];
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Shows a toast from anywhere in the browser. */
export function toast(input: ToastInput): string {
  const id = input.id ?? crypto.randomUUID();
  if (toasts.some((t) => t.id === id)) return id;
  toasts = [...toasts, { ...input, type: input.type ?? "info", id, open: true }].slice(-TOAST_LIMIT);
  emit();
  return id;
}

export function dismissToast(id: string) {
  toasts = toasts.map((t) => (t.id === id ? { ...t, open: false } : t));
  emit();
  setTimeout(() => {
    toasts = toasts.filter((t) => t.id !== id);
    emit();
  }, TOAST_REMOVE_DELAY_MS);
}

const icons = { success: CheckCircle2, error: XCircle, warning: TriangleAlert, info: Info } as const;
const iconColors = { success: "text-success", error: "text-error", warning: "text-warning", info: "text-info" } as const;

function ToastIcon({ type }: { type: ToastData["type"] }) {
  const Icon = icons[type];
  return <Icon aria-hidden className={cn("mt-0.5 size-5 shrink-0", iconColors[type])} />;
}

/**
 * Renders the queue with Radix toasts. The toast a server action flashed (through a cookie) comes
 * in `flash`: it is queued on hydration, and rendered as plain HTML when JavaScript is off.
 */
export function Toaster({ flash, hydrated }: { flash: ToastData | null; hydrated: boolean }) {
  const { t } = useTranslation();
  const queue = useSyncExternalStore(
    subscribe,
    () => toasts,
    () => toasts,
  );

  useEffect(() => {
    if (flash) toast(flash);
  }, [flash]);

  if (!hydrated) {
    if (!flash) return null;
    return (
      <div className="fixed right-0 bottom-0 z-[100] w-full p-4 sm:max-w-[420px]">
        <div role="status" className={cn(toastVariants({ variant: flash.type }), "toast-static")}>
          <ToastIcon type={flash.type} />
          <div className="flex flex-col gap-1">
            <p className="text-sm font-semibold">{flash.title}</p>
            {flash.description ? <p className="text-sm text-muted-foreground">{flash.description}</p> : null}
          </div>
        </div>
      </div>
    );
  }

  return (
    <ToastProvider duration={TOAST_DURATION_MS} label={t("toast.region")}>
      {queue.map((item) => (
        <Toast
          key={item.id}
          variant={item.type}
          open={item.open}
          onOpenChange={(open) => {
            if (!open) dismissToast(item.id);
          }}
        >
          <ToastIcon type={item.type} />
          <div className="flex flex-col gap-1">
            <ToastTitle>{item.title}</ToastTitle>
            {item.description ? <ToastDescription>{item.description}</ToastDescription> : null}
          </div>
          <ToastClose label={t("toast.close")} />
        </Toast>
      ))}
      <ToastViewport />
    </ToastProvider>
  );
}
