import { ScreenInProgress } from "../../../components/ScreenInProgress";

export default function BooksPage() {
  return <ScreenInProgress title="Explore Books" />;
}
