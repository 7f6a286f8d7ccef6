import { ADMIN, FARMS } from '../../server/db/seed-farms';

const seeded = (email: string) => {
  const u = FARMS.flatMap((f) => f.users).find((x) => x.email === email)!;
  return { email: u.email, password: u.password };
};

export const ACCOUNTS = {
  admin: { email: ADMIN.email, password: ADMIN.password },
  grower: seeded('grower@demo.farm'),
  grower2: seeded('grower2@demo.farm'),
  /** Client A's second grower, assigned to the olive and date-palm surveys only. */
  grower3: seeded('grower3@demo.farm'),
  /** Client A's field worker, a member of the avocado surveys (A's fixture survey among them). */
  worker: seeded('worker@demo.farm'),
  /** Client B's field worker. */
  worker2: seeded('worker2@demo.farm'),
  /** Client A's field worker who is NOT a member of A's fixture survey (the olive survey only). */
  worker3: seeded('worker3@demo.farm'),
} as const;
export type Account = keyof typeof ACCOUNTS;
