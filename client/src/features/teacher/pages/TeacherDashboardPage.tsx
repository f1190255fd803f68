import { ScreenInProgress } from "../../../components/ScreenInProgress";

export default function TeacherDashboardPage() {
  return <ScreenInProgress title="Teacher Dashboard" />;
}
