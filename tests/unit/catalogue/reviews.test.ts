import { describe, expect, it } from "vitest";
import * as app from "~/db/client.server";
import { createUser } from "~/models/accounts/users.server";
import { getProduct } from "~/models/catalogue/products.server";
import { postReview } from "~/models/catalogue/reviews.server";
import { newId } from "~/utils/id.server";
import { RateLimited } from "~/utils/rate-limit.server";
import { testDb } from "../../support/db";
import { insertJar } from "../../support/jar";
import { refusal } from "../../support/refusal";

const raw = testDb(app); // the app's own connections (tests/support/db.ts)

// Issue #19: rules that both doors (the HTML route and its /api twin) share live in the model,
// written once. Real rows, real counts (RATE_LIMIT_FACTOR unset: the real limits).

const product = (stock: number) => insertJar(raw, stock);

let customers = 0;
const customer = () =>
  createUser({
    name: "Mira",
    email: `mira-rules-${++customers}@example.com`,
    phone: "9876543210",
    password: "secret1",
  });

describe("postReview: the review limit, then the one review per customer per product", () => {
  const comment = (productId: string, userId: string) =>
    raw.value<string>("select comment from reviews where product_id = ? and user_id = ?", productId, userId);

  it("the 31st review in a minute is refused with the limit's message and changes nothing", async () => {
    const user = await customer();
    const jar = await product(10);
    const other = await product(10);
    for (let i = 1; i <= 30; i++) {
      // The first adds the review, the next ones replace it; another product's counts too.
      const expected = i === 1 || i === 30 ? "created" : "updated";
      expect(
        await postReview(i === 30 ? other : jar, user, { rating: 1 + (i % 5), comment: `Review ${i}` }),
        `review ${i}`,
      ).toBe(expected);
    }
    const error = await refusal(postReview(jar, user, { rating: 5, comment: "One too many" }));
    expect(error).toBeInstanceOf(RateLimited);
    expect(error?.message).toBe("You are posting reviews too fast. Please wait a minute.");
    expect(await comment(jar, user.id)).toBe("Review 29");
    expect(await getProduct(jar)).toMatchObject({ numReviews: 1, rating: 5 });
    // Another customer may still review.
    expect(await postReview(jar, await customer(), { rating: 4, comment: "Fine" })).toBe("created");
  });

  it("a product that is not there answers null, and the attempt counts", async () => {
    const user = await customer();
    expect(await postReview(newId(), user, { rating: 4, comment: "Lovely" })).toBeNull();
    const jar = await product(10);
    for (let i = 0; i < 29; i++) await postReview(jar, user, { rating: 4, comment: "Lovely" });
    expect(await refusal(postReview(jar, user, { rating: 4, comment: "Lovely" }))).toBeInstanceOf(RateLimited);
  });
});
