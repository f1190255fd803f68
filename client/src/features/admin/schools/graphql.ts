import { graphql } from "../../../gql";

// The admin's Schools screen: each school's teacher sign-up (its own code, the server's, or closed)
// and a new code for a school, answered once.

export const AdminSchoolRowFields = graphql(`
  fragment AdminSchoolRow on AdminSchool {
    id
    name
    teacherSignup
    teacherCodeRotatedAt
    teacherCodeRotatedBy
    teacherCount
  }
`);

export const AdminSchoolsListDocument = graphql(`
  query AdminSchoolsList {
    adminSchools {
      ...AdminSchoolRow
    }
  }
`);

export const AdminSchoolsRotateCodeDocument = graphql(`
  mutation AdminSchoolsRotateCode($schoolId: ID!) {
    rotateTeacherCode(schoolId: $schoolId) {
      code
      school {
        ...AdminSchoolRow
      }
    }
  }
`);
