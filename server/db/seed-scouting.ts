// The demo's scouting (issue 36): on the big survey, a few records by the field worker and the grower, and one
// open task for the field worker (worker@demo.farm) covering dead trees of Avocado North, so the map's layer,
// the Scouting panel and "My tasks" show something on first start.
import { v7 as uuidv7 } from 'uuid';
import type { Queryable } from './adapter';

const SURVEY = 'Avocado survey – autumn';

/** [issue icon, severity, note, confirmed status, author, hours before the seed] */
const RECORDS: [string, number, string, number | null, 'worker' | 'grower', number][] = [
  ['bug', 2, 'כנימות על הצד הצפוני של העץ', null, 'worker', 30],
  ['leak', 3, 'טפטפת קרועה, שלולית ליד הגזע', null, 'worker', 28],
  ['missing', 1, 'העץ נעקר, נשאר בור', 4, 'worker', 27],
  ['branch', 2, 'ענף ראשי שבור אחרי הרוח', 1, 'grower', 26],
  ['disease', 3, 'ריקבון שורשים חשוד, עלווה צהובה', 2, 'grower', 5],
  ['frost', 1, 'נזקי קרה בקצוות הענפים', 1, 'worker', 4],
];

export async function seedScouting(tx: Queryable, now = new Date()): Promise<void> {
  const survey = (await tx.query<{ project_id: number; client_id: number }>(`SELECT project_id, client_id FROM projects WHERE name = $1`, [SURVEY])).rows[0];
  if (!survey) return;
  const user = async (email: string) =>
    (await tx.query<{ user_id: number; name: string }>(`SELECT user_id, first_name || ' ' || last_name AS name FROM users WHERE email = $1`, [email])).rows[0];
  const worker = await user('worker@demo.farm');
  const grower = await user('grower@demo.farm');
  if (!worker || !grower) return;
  // Dead and weak trees of Avocado North in this survey, in row order.
  const { rows: trees } = await tx.query<{ tree_id: number; lon: number; lat: number; tree_status: number }>(
    `SELECT DISTINCT ON (t.tree_id) t.tree_id, t.lon, t.lat, o.tree_status FROM tree_observations o
       JOIN trees t ON t.tree_id = o.tree_id JOIN plots pl ON pl.plot_id = t.plot_id
      WHERE o.project_id = $1 AND pl.plot_name = 'Avocado North' AND o.tree_status IN (1, 2, 3)
      ORDER BY t.tree_id`,
    [survey.project_id],
  );
  if (!trees.length) return;
  const issues = new Map(
    (await tx.query<{ issue_id: number; icon: string }>(`SELECT issue_id, icon FROM scouting_issues`)).rows.map((r) => [r.icon, r.issue_id]),
  );
  const at = (hours: number) => new Date(now.getTime() - hours * 3_600_000).toISOString();
  const taskId = uuidv7();
  const dead = trees.filter((t) => t.tree_status === 3).slice(0, 25);
  await tx.query(
    `INSERT INTO scouting_tasks (task_id, client_id, project_id, title, description, tree_ids, assignee_id, due_date, priority, created_by, created_at, updated_at, body_hash)
     VALUES ($1, $2, $3, $4, $5, $6::int[], $7, ($8::timestamptz)::date + 7, 'high', $9, $8, $8, 'seed')`,
    [
      taskId,
      survey.client_id,
      survey.project_id,
      'בדיקת עצים מתים – אבוקדו צפון',
      'לעבור על העצים המתים שסומנו בסקר, לצלם ולסמן מה נמצא.',
      (dead.length ? dead : trees.slice(0, 10)).map((t) => t.tree_id),
      worker.user_id,
      at(24),
      grower.user_id,
    ],
  );
  const step = Math.max(1, Math.floor(trees.length / RECORDS.length));
  for (const [i, [icon, severity, note, status, who, hours]] of RECORDS.entries()) {
    const t = trees[(i * step) % trees.length];
    const author = who === 'worker' ? worker : grower;
    await tx.query(
      `INSERT INTO scouting_records (record_id, client_id, project_id, seq, kind, tree_id, lon, lat, accuracy_m, issue_id, severity, note, tree_status,
                                     author_id, author_name, observed_at, received_at, body_hash)
       VALUES ($1, $2, $3, nextval('scouting_seq'), 'observation', $4, $5, $6, 4, $7, $8, $9, $10, $11, $12, $13, $13, 'seed')`,
      [
        uuidv7(),
        survey.client_id,
        survey.project_id,
        t.tree_id,
        t.lon,
        t.lat,
        issues.get(icon) ?? null,
        severity,
        note,
        status,
        author.user_id,
        author.name,
        at(hours),
      ],
    );
  }
}
