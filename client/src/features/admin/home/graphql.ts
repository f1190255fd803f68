import { graphql } from "../../../gql";

// The admin dashboard: the service's numbers, and recent activity a page at a time (newest first).

export const AdminHomeOverviewDocument = graphql(`
  query AdminHomeOverview {
    adminOverview {
      totalUsers
      students
      teachers
      admins
      totalBooks
      publishedBooks
      draftBooks
      activeUsers
      openAlerts
    }
  }
`);

export const AdminHomeActivityItemFields = graphql(`
  fragment AdminHomeActivityItem on ActivityItem {
    id
    kind
    summary
    actorName
    urgent
    createdAt
  }
`);

export const AdminHomeActivityDocument = graphql(`
  query AdminHomeActivity($before: String, $limit: Int) {
    adminActivity(before: $before, limit: $limit) {
      items {
        ...AdminHomeActivityItem
      }
      nextBefore
    }
  }
`);
