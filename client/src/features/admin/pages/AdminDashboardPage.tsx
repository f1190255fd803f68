import { ScreenInProgress } from "../../../components/ScreenInProgress";

export default function AdminDashboardPage() {
  return <ScreenInProgress title="Admin Dashboard" />;
}
