/**
 * A submit button that shows it is busy while its form is being sent (with JavaScript); a plain submit
 * button without. Give it `name="intent" value="…"` on a page with several forms.
 */
import { useNavigation } from "@remix-run/react";
import type { ButtonHTMLAttributes } from "react";

export function SubmitButton({ children, ...rest }: ButtonHTMLAttributes<HTMLButtonElement>) {
  const navigation = useNavigation();
  const busy =
    navigation.state === "submitting" &&
    (rest.name === undefined || navigation.formData?.get(rest.name) === (rest.value === undefined ? null : String(rest.value)));
  return (
    <button type="submit" aria-busy={busy || undefined} disabled={busy || rest.disabled} {...rest}>
      {children}
    </button>
  );
}
