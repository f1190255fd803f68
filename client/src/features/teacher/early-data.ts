import { TeacherDashboardDocument } from "../../gql/graphql";
import { fetchEarly } from "../../lib/early-data";

/** Students per page of the teacher dashboard. */
export const STUDENTS_PAGE_SIZE = 30;

/** The teacher dashboard's first query (no search, by name), started as the app starts (see lib/early-data.ts). */
export function fetchTeacherDashboardEarly(): void {
  fetchEarly(TeacherDashboardDocument, { search: null, sort: "name", offset: 0, limit: STUDENTS_PAGE_SIZE });
}
