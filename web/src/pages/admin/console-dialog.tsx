import { type ReactNode, type RefObject, useEffect, useId, useRef } from 'react';

export type ConsoleDialogProps = {
  open: boolean;
  title: string;
  /** Escape, "Cancel", or the backdrop's close request. */
  onCancel(): void;
  /** Where focus starts (the harmless choice, or the first field); the first button otherwise. */
  initialFocus?: RefObject<HTMLElement | null>;
  children: ReactNode;
  testId?: string;
};

/**
 * The console's confirmation dialog: a native modal `<dialog>`, so the page behind it
 * is inert and Tab stays inside it; Escape cancels; whoever opened it gets focus back
 * when it closes (docs/web-app.md, "The console").
 */
export function ConsoleDialog({
  open,
  title,
  onCancel,
  initialFocus,
  children,
  testId,
}: ConsoleDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const opener = useRef<Element | null>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement;
      dialog.showModal();
      initialFocus?.current?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
    }
    if (!open && opener.current instanceof HTMLElement) {
      if (opener.current.isConnected) opener.current.focus();
      opener.current = null;
    }
  }, [open, initialFocus]);

  return (
    <dialog
      ref={dialogRef}
      className="confirm-dialog admin-dialog"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
      data-testid={testId}
    >
      {open ? (
        <>
          <h2 id={titleId}>{title}</h2>
          {children}
        </>
      ) : null}
    </dialog>
  );
}
