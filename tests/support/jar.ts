import { newId } from "~/utils/id.server";
import type { TestDb } from "./db";

/** A live ₹250 jar with `stock` left, written straight into the products table; its id. */
export async function insertJar(db: TestDb, stock: number): Promise<string> {
  const id = newId();
  await db.run(
    "insert into products (id, name, price, stock) values (?, ?, ?, ?)",
    id,
    `Jar ${id.slice(-4)}`,
    250_00,
    stock,
  );
  return id;
}
