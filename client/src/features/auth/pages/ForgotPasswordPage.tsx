import { useMutation } from "@apollo/client/react";
import { type FormEvent, useState } from "react";
import { Link } from "react-router-dom";
import { Button, ButtonLink } from "../../../components/Button";
import { Card } from "../../../components/Card";
import { FormField } from "../../../components/FormField";
import { RequestPasswordResetDocument } from "../graphql/auth";
import { useForm } from "../useForm";
import { emailError } from "../validation";
import styles from "./AuthPage.module.css";
import { useDocumentTitle } from "../../../lib/useDocumentTitle";

// Success or failure, the same words: nobody learns from this screen whether an account exists.
export const RESET_NOTICE =
  "If an account exists with this email, you will receive password reset instructions shortly.";

export default function ForgotPasswordPage() {
  useDocumentTitle("Reset Password");
  const form = useForm({ email: "" });
  const [notice, setNotice] = useState<string | null>(null);
  const [requestReset] = useMutation(RequestPasswordResetDocument);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setNotice(null);
    const error = emailError(form.values.email);
    form.setErrors(error ? { email: error } : {});
    if (error) {
      return;
    }
    form.setBusy(true);
    try {
      await requestReset({ variables: { email: form.values.email.trim() } });
      form.setValues({ email: "" });
    } catch {
      // deliberately the same notice
    }
    setNotice(RESET_NOTICE);
    form.setBusy(false);
  };

  return (
    <section className={styles.page}>
      <Card className={styles.card}>
        <h1 className={styles.title}>Reset Password</h1>
        <p className={styles.subtitle}>Enter your email and we will send you a link to choose a new password.</p>
        <div aria-live="polite">{notice ? <p className="notice notice--success">{notice}</p> : null}</div>
        <form onSubmit={onSubmit} noValidate>
          <FormField
            label="Email"
            id="reset-email"
            name="email"
            type="email"
            autoComplete="email"
            value={form.values.email}
            onChange={form.onChange}
            error={form.errors.email}
            required
          />
          <div className={styles.actions}>
            <Button type="submit" className={styles.submit} disabled={form.busy}>
              {form.busy ? "Sending..." : "Reset Password"}
            </Button>
            <ButtonLink to="/login" variant="secondary" className={styles.submit}>
              Back to Login
            </ButtonLink>
          </div>
        </form>
        <p className={styles.footer}>
          New here? <Link to="/register">Create an account</Link>
        </p>
      </Card>
    </section>
  );
}
