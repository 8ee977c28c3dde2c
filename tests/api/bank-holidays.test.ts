/** GET /api/settlement/v1/bank-holidays: the England and Wales bank holidays the completion date refuses. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BankHolidaysResponseSchema } from "../../core/financials/bank-holidays-api.js";
import { startTestProvider, type TestProvider } from "./support.js";

let provider: TestProvider;
let token: string;

beforeAll(async () => {
  provider = await startTestProvider();
  token = await provider.scriptToken("keystone");
});
afterAll(() => provider?.close());

const PATH = "/api/settlement/v1/bank-holidays";
const get = (query: string) => provider.call(token, { method: "GET", url: `${PATH}${query}` });

describe("GET /api/settlement/v1/bank-holidays", () => {
  it("gives the observed days between two dates, substitutes and one-off proclamations included", async () => {
    const response = await get("?from=2022-01-01&to=2022-12-31");
    expect(response.statusCode, response.body).toBe(200);
    const dates = BankHolidaysResponseSchema.parse(response.json()).bankHolidays.map((holiday) => holiday.date);
    expect(dates).toEqual([
      "2022-01-03",
      "2022-04-15",
      "2022-04-18",
      "2022-05-02",
      "2022-06-02",
      "2022-06-03",
      "2022-08-29",
      "2022-09-19",
      "2022-12-26",
      "2022-12-27",
    ]);
  });

  it("defaults to a window around today and covers the next year's Christmas", async () => {
    const body = BankHolidaysResponseSchema.parse((await get("")).json());
    const nextYear = new Date().getUTCFullYear() + 1;
    expect(body.bankHolidays.some((holiday) => holiday.date.startsWith(`${nextYear}-12-2`))).toBe(true);
    expect(body.bankHolidays.every((holiday) => holiday.title.length > 0)).toBe(true);
  });

  it("refuses a bad date, a reversed range and a range of more than ten years; needs a token", async () => {
    for (const query of ["?from=2026-02-30", "?from=2027-01-01&to=2026-01-01", "?from=2000-01-01&to=2030-01-01", "?to=tomorrow"]) {
      expect((await get(query)).statusCode, query).toBe(400);
    }
    expect((await provider.call(undefined, { method: "GET", url: PATH })).statusCode).toBe(401);
  });
});
