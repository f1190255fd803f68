import { ButtonLink } from "../../../components/Button";
import { ScreenInProgress } from "../../../components/ScreenInProgress";
import { useAuth } from "../../auth/AuthProvider";

export default function ReviewPage() {
  const { status } = useAuth();
  if (status !== "authenticated") {
    return (
      <section className="container" style={{ paddingBlock: "2rem" }}>
        <p>You must be logged in to write a review.</p>
        <ButtonLink to="/login">Login</ButtonLink>
      </section>
    );
  }
  return <ScreenInProgress title="Write a Review" />;
}
