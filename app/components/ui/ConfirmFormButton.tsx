import { useEffect, useRef, useState, type ReactNode } from "react";
import { useNavigation } from "react-router";
import { Button, type ButtonVariant } from "./Button";
import { Dialog } from "./Dialog";
import { Form } from "./Form";

export interface ConfirmFormButtonProps {
  /** The button's text, and its accessible name when the text alone is ambiguous in a list. */
  label: string;
  ariaLabel?: string;
  title: string;
  body: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  /** What the confirmed form posts to the page's action (hidden fields). */
  fields: Record<string, string | number>;
  variant?: ButtonVariant;
}

/**
 * A small button that asks before posting a form to the page's action (spec 2.5: delete with
 * a confirmation). The dialog closes once the action has answered, so a refusal shows on the
 * page; while this form's submission runs (same fields), its confirm button is pending.
 */
export function ConfirmFormButton({ label, ariaLabel, title, body, confirmLabel, cancelLabel, fields, variant = "danger" }: ConfirmFormButtonProps) {
  const navigation = useNavigation();
  const [open, setOpen] = useState(false);
  const submitted = navigation.state !== "idle" ? navigation.formData : undefined;
  const busy = submitted !== undefined && Object.entries(fields).every(([name, value]) => submitted.get(name) === String(value));
  const wasBusy = useRef(false);
  useEffect(() => {
    if (wasBusy.current && !busy) setOpen(false);
    wasBusy.current = busy;
  }, [busy]);

  return (
    <>
      <Button variant={variant} size="sm" aria-label={ariaLabel} onPress={() => setOpen(true)}>
        {label}
      </Button>
      <Dialog title={title} role="alertdialog" size="sm" isOpen={open} onOpenChange={setOpen}>
        <Form>
          <p>{body}</p>
          {Object.entries(fields).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <div className="shell-dialog-actions">
            <Button variant="secondary" onPress={() => setOpen(false)}>
              {cancelLabel}
            </Button>
            <Button type="submit" variant={variant} isPending={busy}>
              {confirmLabel}
            </Button>
          </div>
        </Form>
      </Dialog>
    </>
  );
}
