import { ScreenInProgress } from "../../../components/ScreenInProgress";

export default function AdminBooksPage() {
  return <ScreenInProgress title="Manage Books" />;
}
