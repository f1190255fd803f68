import { DashboardDocument } from "../../gql/graphql";
import { fetchEarly } from "../../lib/early-data";

/** The student dashboard's query, started as the app starts (see lib/early-data.ts). */
export function fetchDashboardEarly(): void {
  fetchEarly(DashboardDocument, {});
}
