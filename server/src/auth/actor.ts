import type { UserWithSchool } from "../modules/users/user.presenter.js";

/** The signed-in user making a request, loaded fresh from the database on every request. */
export type Actor = UserWithSchool;
