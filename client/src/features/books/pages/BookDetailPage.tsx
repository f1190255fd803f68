import { ScreenInProgress } from "../../../components/ScreenInProgress";

export default function BookDetailPage() {
  return <ScreenInProgress title="Book" />;
}
