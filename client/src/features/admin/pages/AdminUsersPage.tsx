import { ScreenInProgress } from "../../../components/ScreenInProgress";

export default function AdminUsersPage() {
  return <ScreenInProgress title="Manage Users" />;
}
