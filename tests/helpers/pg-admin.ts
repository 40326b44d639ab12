import pg from "pg";

/** Run one statement on the PostgreSQL server at `url` with a connection of its own (CREATE and DROP DATABASE). */
export async function adminQuery<R extends pg.QueryResultRow = pg.QueryResultRow>(url: string, text: string, values?: unknown[]): Promise<pg.QueryResult<R>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query<R>(text, values);
  } finally {
    await client.end();
  }
}
