import { Button } from "./Button";
import styles from "./LoadError.module.css";

/** A page's data could not be loaded: the reason, announced at once, and a way to try again. */
export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className={styles.error}>
      <p className="notice notice--error" role="alert">
        {message}
      </p>
      <Button variant="secondary" onClick={onRetry}>
        Try Again
      </Button>
    </div>
  );
}
