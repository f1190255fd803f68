import { useQuery } from "@apollo/client/react";
import { type FormEvent, useState } from "react";
import { Link, useNavigate } from "react-router-dom";
import { Button } from "../../../components/Button";
import { Card } from "../../../components/Card";
import { FormField } from "../../../components/FormField";
import { SelectField } from "../../../components/SelectField";
import { errorMessage, fieldErrors } from "../../../lib/errors";
import { useAuth } from "../AuthProvider";
import { SchoolsDocument } from "../graphql/auth";
import { useForm } from "../useForm";
import { hasErrors, type RegisterForm, validateRegister } from "../validation";
import styles from "./AuthPage.module.css";
import { Notice } from "../../../components/Notice";
import { useDocumentTitle } from "../../../lib/useDocumentTitle";

export const REGISTERED_MESSAGE = "Registration successful! Please log in with your new account.";

export default function RegisterPage() {
  useDocumentTitle("Create Account");
  const { register } = useAuth();
  const navigate = useNavigate();
  const schools = useQuery(SchoolsDocument);
  const form = useForm<RegisterForm>({
    displayName: "",
    email: "",
    password: "",
    confirmPassword: "",
    role: "student",
    school: "",
    teacherCode: "",
  });
  const [formError, setFormError] = useState<string | null>(null);
  const { values, errors } = form;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const found = validateRegister(values);
    form.setErrors(found);
    if (hasErrors(found)) {
      return;
    }
    form.setBusy(true);
    try {
      await register({
        displayName: values.displayName.trim(),
        email: values.email.trim(),
        password: values.password,
        role: values.role,
        school: values.school,
        teacherCode: values.role === "teacher" ? values.teacherCode.trim() : "",
      });
      navigate("/login", { state: { message: REGISTERED_MESSAGE } });
    } catch (error) {
      form.setErrors(fieldErrors(error));
      setFormError(errorMessage(error, "Failed to register. Please try again."));
      form.setBusy(false);
    }
  };

  return (
    <section className={styles.page}>
      <Card className={styles.card}>
        <h1 className={styles.title}>Create Account</h1>
        <p className={styles.subtitle}>Join your school&apos;s Reading Room</p>
        <div aria-live="polite">{formError ? <Notice tone="error">{formError}</Notice> : null}</div>
        <form onSubmit={onSubmit} noValidate>
          <FormField
            label="Full name"
            id="register-name"
            name="displayName"
            autoComplete="name"
            value={values.displayName}
            onChange={form.onChange}
            error={errors.displayName}
            required
          />
          <FormField
            label="Email"
            id="register-email"
            name="email"
            type="email"
            autoComplete="email"
            value={values.email}
            onChange={form.onChange}
            error={errors.email}
            required
          />
          <FormField
            label="Password"
            id="register-password"
            name="password"
            type="password"
            autoComplete="new-password"
            hint="At least 6 characters. Avoid common passwords."
            value={values.password}
            onChange={form.onChange}
            error={errors.password}
            required
          />
          <FormField
            label="Confirm password"
            id="register-confirm"
            name="confirmPassword"
            type="password"
            autoComplete="new-password"
            value={values.confirmPassword}
            onChange={form.onChange}
            error={errors.confirmPassword}
            required
          />
          <fieldset className={styles.fieldset}>
            <legend>I am a</legend>
            <div className={styles.roles}>
              {(["student", "teacher"] as const).map((role) => (
                <label key={role} className={styles.checkbox}>
                  <input
                    type="radio"
                    name="role"
                    value={role}
                    checked={values.role === role}
                    onChange={form.onChange}
                  />
                  {role === "student" ? "Student" : "Teacher"}
                </label>
              ))}
            </div>
          </fieldset>
          <SelectField
            label="School"
            id="register-school"
            name="school"
            value={values.school}
            onChange={form.onChange}
            error={errors.school ?? (schools.error ? "Could not load the schools. Please reload the page." : undefined)}
            disabled={schools.loading}
            required
          >
            <option value="">{schools.loading ? "Loading schools…" : "Choose your school"}</option>
            {schools.data?.schools.map((school) => (
              <option key={school.id} value={school.name}>
                {school.name}
              </option>
            ))}
          </SelectField>
          {values.role === "teacher" ? (
            <FormField
              label="Teacher code"
              id="register-teacher-code"
              name="teacherCode"
              hint="The teacher sign-up code for your school, as emailed to you."
              autoComplete="off"
              value={values.teacherCode}
              onChange={form.onChange}
              error={errors.teacherCode}
              required
            />
          ) : null}
          <Button type="submit" className={styles.submit} disabled={form.busy}>
            {form.busy ? "Creating Account..." : "Create Account"}
          </Button>
        </form>
        <p className={styles.footer}>
          Already have an account? <Link to="/login">Sign in</Link>
        </p>
      </Card>
    </section>
  );
}
