import { ADMIN, FARMS } from '../../server/db/seed-farms';

export const ACCOUNTS = {
  admin: { email: ADMIN.email, password: ADMIN.password },
  grower: { email: FARMS[0].users[0].email, password: FARMS[0].users[0].password },
  grower2: { email: FARMS[1].users[0].email, password: FARMS[1].users[0].password },
  /** Client A's second grower, assigned to the olive and date-palm surveys only. */
  grower3: { email: FARMS[0].users[1].email, password: FARMS[0].users[1].password },
} as const;
export type Account = keyof typeof ACCOUNTS;
