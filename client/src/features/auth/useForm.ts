import { type ChangeEvent, useState } from "react";

/**
 * Form state with the spec's rules: a field's error clears when the user edits it, and the form is
 * either idle or busy.
 */
export function useForm<Values extends Record<string, string | boolean>>(initial: Values) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<keyof Values, string>>>({});
  const [busy, setBusy] = useState(false);

  const onChange = (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
    const { name, value } = event.target;
    const next =
      event.target instanceof HTMLInputElement && event.target.type === "checkbox" ? event.target.checked : value;
    setValues((v) => ({ ...v, [name]: next }));
    setErrors((e) => (e[name as keyof Values] ? { ...e, [name]: undefined } : e));
  };

  return { values, setValues, errors, setErrors, busy, setBusy, onChange };
}
