/** The member whose profile is shown, as the profile tabs need them (its own file, so no tab imports the tab bar). */
export interface ProfileSubject {
  id: number;
  name: string;
  username: string;
}
