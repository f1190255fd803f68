import { Field, ID, Int, ObjectType, registerEnumType } from "type-graphql";

export enum TeacherSignupValue {
  ownCode = "ownCode",
  serverCode = "serverCode",
  closed = "closed",
}
registerEnumType(TeacherSignupValue, {
  name: "TeacherSignup",
  description: "How a teacher signs up at a school",
  valuesConfig: {
    ownCode: { description: "With the school's own code (the server's code no longer works there)" },
    serverCode: { description: "With the server's TEACHER_SIGNUP_CODE: the school has no code of its own" },
    closed: { description: "Not at all: no code of its own, and the server has none" },
  },
});

@ObjectType({ description: "A school as the admin's Schools screen shows it" })
export class AdminSchool {
  @Field(() => ID)
  id!: string;

  @Field(() => String)
  name!: string;

  @Field(() => TeacherSignupValue)
  teacherSignup!: TeacherSignupValue;

  @Field(() => Date, { nullable: true, description: "When the school's own code was last generated" })
  teacherCodeRotatedAt!: Date | null;

  @Field(() => String, { nullable: true, description: "The admin who generated it" })
  teacherCodeRotatedBy!: string | null;

  @Field(() => Int, { description: "Teacher accounts at the school" })
  teacherCount!: number;
}

@ObjectType({ description: "A school's new teacher sign-up code, shown this once" })
export class TeacherCodeRotation {
  @Field(() => String, { description: "XXXX-XXXX-XXXX; not stored, and never answered again" })
  code!: string;

  @Field(() => AdminSchool)
  school!: AdminSchool;

  @Field(() => Date)
  rotatedAt!: Date;
}
