import { graphql } from "../../../gql";

// The admin's user list (searched and filtered on the server, a page at a time) and the Edit user form.

export const AdminUsersRowFields = graphql(`
  fragment AdminUsersRow on AdminUser {
    uid
    displayName
    email
    role
    school
    status
    lastActiveAt
    createdAt
    moderation {
      strikeCount
      blocked
    }
  }
`);

export const AdminUsersListDocument = graphql(`
  query AdminUsersList($search: String, $role: Role, $status: UserStatus, $offset: Int, $limit: Int) {
    adminUsers(search: $search, role: $role, status: $status, offset: $offset, limit: $limit) {
      items {
        ...AdminUsersRow
      }
      totalCount
      nextOffset
    }
  }
`);

export const AdminUsersUpdateUserDocument = graphql(`
  mutation AdminUsersUpdateUser($id: ID!, $displayName: String, $role: Role, $status: UserStatus) {
    updateUser(id: $id, displayName: $displayName, role: $role, status: $status) {
      uid
      displayName
      role
      status
      school
      moderation {
        strikeCount
        blocked
      }
    }
  }
`);
