import { Link, type LinkProps } from "react-router";
import { buttonClassName, type ButtonSize, type ButtonVariant } from "./Button";

export interface ButtonLinkProps extends LinkProps {
  /** Visual style; `secondary` by default (Cancel, Back). */
  variant?: ButtonVariant;
  size?: ButtonSize;
  fullWidth?: boolean;
}

/**
 * A React Router link that looks like a button: navigation stays a real `<a href>` (works
 * without JavaScript, opens in a new tab), only the look is shared with `Button`.
 */
export function ButtonLink({ variant = "secondary", size, fullWidth, className, ...props }: ButtonLinkProps) {
  return <Link {...props} className={buttonClassName({ variant, size, fullWidth, className })} />;
}
