import * as ToastPrimitive from "@radix-ui/react-toast";
import { cva, type VariantProps } from "class-variance-authority";
import { X } from "lucide-react";
import { forwardRef, type ComponentPropsWithoutRef, type ElementRef } from "react";
import { cn } from "~/utils/cn";

export const ToastProvider = ToastPrimitive.Provider;

// At the top, over the header's band: at the bottom a toast covered the wizard's Back and Continue
// (and every form's submit button on a phone), the actions a user needs after a toast.
export const ToastViewport = forwardRef<ElementRef<typeof ToastPrimitive.Viewport>, ComponentPropsWithoutRef<typeof ToastPrimitive.Viewport>>(
  ({ className, ...props }, ref) => (
    <ToastPrimitive.Viewport
      ref={ref}
      className={cn(
        "fixed top-0 left-1/2 z-[100] flex max-h-screen w-full -translate-x-1/2 flex-col gap-2 p-2 outline-none sm:max-w-[420px] sm:p-3",
        className,
      )}
      {...props}
    />
  ),
);
ToastViewport.displayName = "ToastViewport";

export const toastVariants = cva(
  "group pointer-events-auto relative flex w-full items-start gap-3 overflow-hidden rounded-lg border bg-card p-4 pr-9 text-card-foreground shadow-lg data-[state=closed]:animate-[toast-leave_200ms_ease-in_forwards] data-[state=open]:animate-[toast-enter_200ms_ease-out] data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)] data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)]",
  {
    variants: {
      color: {
        primary: "border-l-4 border-l-primary",
        info: "border-l-4 border-l-info",
        success: "border-l-4 border-l-success",
        warning: "border-l-4 border-l-warning",
        error: "border-l-4 border-l-error",
        neutral: "border-l-4 border-l-muted-foreground",
      },
    },
    defaultVariants: { color: "info" },
  },
);

export const Toast = forwardRef<
  ElementRef<typeof ToastPrimitive.Root>,
  ComponentPropsWithoutRef<typeof ToastPrimitive.Root> & VariantProps<typeof toastVariants>
>(({ className, color, ...props }, ref) => <ToastPrimitive.Root ref={ref} className={cn(toastVariants({ color }), className)} {...props} />);
Toast.displayName = "Toast";

export const ToastTitle = forwardRef<ElementRef<typeof ToastPrimitive.Title>, ComponentPropsWithoutRef<typeof ToastPrimitive.Title>>(
  ({ className, ...props }, ref) => <ToastPrimitive.Title ref={ref} className={cn("text-sm font-semibold", className)} {...props} />,
);
ToastTitle.displayName = "ToastTitle";

export const ToastDescription = forwardRef<ElementRef<typeof ToastPrimitive.Description>, ComponentPropsWithoutRef<typeof ToastPrimitive.Description>>(
  ({ className, ...props }, ref) => <ToastPrimitive.Description ref={ref} className={cn("text-sm text-muted-foreground", className)} {...props} />,
);
ToastDescription.displayName = "ToastDescription";

/** A toast's button; `altText` says how to reach the same thing elsewhere, for screen readers. */
export const ToastAction = ToastPrimitive.Action;

export const toastActionClassName =
  "inline-flex h-8 cursor-pointer items-center rounded-md border border-input bg-background px-3 text-xs font-medium hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring";

export const ToastClose = forwardRef<ElementRef<typeof ToastPrimitive.Close>, ComponentPropsWithoutRef<typeof ToastPrimitive.Close> & { label: string }>(
  ({ className, label, ...props }, ref) => (
    <ToastPrimitive.Close
      ref={ref}
      aria-label={label}
      className={cn("absolute top-3 right-3 rounded-md p-1 text-muted-foreground hover:text-foreground", className)}
      {...props}
    >
      <X className="size-4" aria-hidden />
    </ToastPrimitive.Close>
  ),
);
ToastClose.displayName = "ToastClose";
