import type { ButtonHTMLAttributes, ReactNode } from "react";
import { Link, type LinkProps } from "react-router-dom";
import styles from "./Button.module.css";

export type ButtonVariant = "primary" | "secondary" | "text";

const classes = (variant: ButtonVariant, extra?: string) =>
  [styles.button, styles[variant], extra].filter(Boolean).join(" ");

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ButtonVariant; children: ReactNode };

/** The spec's button, in primary, secondary and text variants. */
export function Button({ variant = "primary", className, type = "button", ...props }: ButtonProps) {
  return <button type={type} className={classes(variant, className)} {...props} />;
}

/** A link that looks like a Button (for navigation, which must stay a link for keyboards and readers). */
export function ButtonLink({ variant = "primary", className, ...props }: LinkProps & { variant?: ButtonVariant }) {
  return <Link className={classes(variant, className)} {...props} />;
}
