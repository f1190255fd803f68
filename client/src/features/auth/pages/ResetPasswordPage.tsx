import { useMutation } from "@apollo/client/react";
import { type FormEvent, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router-dom";
import { Button } from "../../../components/Button";
import { Card } from "../../../components/Card";
import { FormField } from "../../../components/FormField";
import { errorMessage } from "../../../lib/errors";
import { CompletePasswordResetDocument } from "../graphql/auth";
import { useForm } from "../useForm";
import { hasErrors, newPasswordErrors } from "../validation";
import styles from "./AuthPage.module.css";
import { useDocumentTitle } from "../../../lib/useDocumentTitle";

export const INVALID_LINK_MESSAGE = "This password reset link is invalid or has expired. Please ask for a new one.";

/** Reached from the emailed link: /reset-password?token=... */
export default function ResetPasswordPage() {
  useDocumentTitle("Choose a New Password");
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const navigate = useNavigate();
  const form = useForm({ password: "", confirmPassword: "" });
  const [formError, setFormError] = useState<string | null>(token ? null : INVALID_LINK_MESSAGE);
  const [complete] = useMutation(CompletePasswordResetDocument);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const errors = newPasswordErrors(form.values.password, form.values.confirmPassword);
    form.setErrors(errors);
    if (hasErrors(errors)) {
      return;
    }
    form.setBusy(true);
    try {
      const { data } = await complete({ variables: { input: { token, password: form.values.password } } });
      navigate("/login", { replace: true, state: { message: data?.completePasswordReset.message } });
    } catch (error) {
      setFormError(errorMessage(error, "Password reset failed"));
      form.setBusy(false);
    }
  };

  return (
    <section className={styles.page}>
      <Card className={styles.card}>
        <h1 className={styles.title}>Choose a New Password</h1>
        <p className={styles.subtitle}>Your new password works straight away; older sign-ins end.</p>
        <div aria-live="polite">
          {formError ? (
            <div className="notice notice--error" role="alert">
              <p style={{ margin: 0 }}>{formError}</p>
              <p style={{ margin: "0.5rem 0 0" }}>
                <Link to="/forgot-password">Ask for a new link</Link>
              </p>
            </div>
          ) : null}
        </div>
        <form onSubmit={onSubmit} noValidate>
          <FormField
            label="New password"
            id="new-password"
            name="password"
            type="password"
            autoComplete="new-password"
            value={form.values.password}
            onChange={form.onChange}
            error={form.errors.password}
            required
          />
          <FormField
            label="Confirm new password"
            id="confirm-new-password"
            name="confirmPassword"
            type="password"
            autoComplete="new-password"
            value={form.values.confirmPassword}
            onChange={form.onChange}
            error={form.errors.confirmPassword}
            required
          />
          <Button type="submit" className={styles.submit} disabled={form.busy || !token}>
            {form.busy ? "Saving..." : "Set New Password"}
          </Button>
        </form>
        <p className={styles.footer}>
          <Link to="/login">Back to Login</Link>
        </p>
      </Card>
    </section>
  );
}
