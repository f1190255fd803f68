import { ScreenInProgress } from "../../../components/ScreenInProgress";

export default function AdminReportsPage() {
  return <ScreenInProgress title="Reports" />;
}
