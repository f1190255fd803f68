import { ButtonLink } from "./Button";

/** A route of the spec whose screen is not built yet: says so plainly instead of showing sample data. */
export function ScreenInProgress({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <section className="container" style={{ paddingBlock: "2rem" }}>
      <h1>{title}</h1>
      {children}
      <p>This screen is being built and will be here soon.</p>
      <ButtonLink to="/dashboard" variant="secondary">
        Back to Dashboard
      </ButtonLink>
    </section>
  );
}
