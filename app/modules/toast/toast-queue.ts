import { TOAST_LIMIT, TOAST_REMOVE_DELAY_MS, toastSchema, type Toast, type ToastInput } from "./toast";

/** A toast on screen: `open` turns false when it closes, and it is removed 200 ms later. */
export type QueuedToast = Toast & { open: boolean };

/**
 * The browser's toasts, in the order they came: at most TOAST_LIMIT (the oldest is dropped). A
 * small store with useSyncExternalStore in mind: `snapshot` changes identity on every change.
 */
export function createToastQueue() {
  let toasts: QueuedToast[] = [];
  const listeners = new Set<() => void>();
  const emit = () => listeners.forEach((listener) => listener());

  function add(input: ToastInput): string {
    const toast = toastSchema.parse({ ...input, id: input.id ?? crypto.randomUUID() });
    if (toasts.some((t) => t.id === toast.id)) return toast.id;
    toasts = [...toasts, { ...toast, open: true }].slice(-TOAST_LIMIT);
    emit();
    return toast.id;
  }

  function dismiss(id: string) {
    if (!toasts.some((t) => t.id === id && t.open)) return;
    toasts = toasts.map((t) => (t.id === id ? { ...t, open: false } : t));
    emit();
    // Time for the leaving animation, then gone.
    setTimeout(() => {
      toasts = toasts.filter((t) => t.id !== id);
      emit();
    }, TOAST_REMOVE_DELAY_MS);
  }

  return {
    add,
    dismiss,
    snapshot: () => toasts,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}
